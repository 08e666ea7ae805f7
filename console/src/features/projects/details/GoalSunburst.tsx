import { Suspense, lazy, useId, useMemo } from 'react';
import { Box, Center, Loader, Text, VisuallyHidden } from '@mantine/core';
import { metricLimits } from '@fahrplan/contracts';
import { useTranslation } from 'react-i18next';
import { buildGoalTree, sunburstData, sunburstSummary } from './goalTree';
import type { GoalSunburstProps } from './tabTypes';
import classes from './goalSunburst.module.css';

// The chart module pulls in ApexCharts; the strategy tab loads it on first view, not with the app.
const GoalSunburstChart = lazy(() => import('./goalSunburstChart'));

/** §2 strategy: the goal tree as a sunburst, each ring a goal level, each arc sized by the project's values. */
export function GoalSunburst({ goals, values, height = 320 }: GoalSunburstProps) {
  const { t } = useTranslation('projects');
  const captionId = useId();
  const tree = useMemo(() => buildGoalTree(goals), [goals]);
  const data = useMemo(() => sunburstData(tree, values, t), [tree, values, t]);
  const summary = useMemo(() => sunburstSummary(tree, values), [tree, values]);

  return (
    <Box component="figure" m={0} aria-labelledby={captionId}>
      {data.length === 0 ? (
        <Center
          w={height}
          h={height}
          mx="auto"
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: '50%' }}
        >
          {/* the body colour: dimmed text on the grey disc falls below 4.5:1 in dark */}
          <Text size="sm" ta="center" maw={220}>
            {t('sunburst.empty')}
          </Text>
        </Center>
      ) : (
        // The SVG's arcs carry no useful text for a screen reader; the caption below says the same.
        <Box aria-hidden h={height} className={classes.chart} data-testid="goal-sunburst">
          <Suspense
            fallback={
              <Center h={height}>
                <Loader size="sm" />
              </Center>
            }
          >
            <GoalSunburstChart data={data} height={height} />
          </Suspense>
        </Box>
      )}
      <VisuallyHidden component="figcaption" id={captionId}>
        {summary.length === 0 ? (
          t('sunburst.captionEmpty')
        ) : (
          <>
            {t('sunburst.caption', { max: metricLimits.goal })}
            <ul>
              {summary.map(({ key, label, value }) => (
                <li key={key}>
                  {label}: {value}
                </li>
              ))}
            </ul>
          </>
        )}
      </VisuallyHidden>
    </Box>
  );
}
