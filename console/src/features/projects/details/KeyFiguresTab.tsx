import { Accordion, Alert, Badge, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { importanceWeights, maxMetricValue, metricLimits } from '@fahrplan/contracts';
import type { MetricType } from '@fahrplan/contracts';
import {
  applyRatingChange,
  keyFigureSliders,
  priorityRawSum,
  prioritySummary,
  ratingLabel,
  ratingName,
  ratingTypeWeights,
  ratingTypes,
  ratingValue,
} from './keyFigures';
import { ScaleSlider } from './keyFiguresSlider';
import type { KeyFiguresTabProps } from './tabTypes';

const formatNumber = (n: number) => String(Math.round(n * 100) / 100);

/** §2 key figures: metric sliders and the collapsible priority pane (§5 inconsistency, §9 formula). */
export function KeyFiguresTab({ value, onChange, editable, admin }: KeyFiguresTabProps) {
  const { t } = useTranslation('projects');
  const { priority, inconsistent } = prioritySummary(value);
  // Open by default when the stored metric4 disagrees with the ratings, so the user sees why.
  const [openPane, setOpenPane] = useState<string | null>(inconsistent ? 'priority' : null);
  const [overwritten, setOverwritten] = useState<{ from: number; to: number } | null>(null);

  const changeRating = (type: MetricType, next: number) => {
    const change = applyRatingChange(value, type, next);
    if (change.metric4Overwritten) {
      // Keep the value from before the first overwrite so the notice says what was lost.
      setOverwritten((o) => ({ from: o?.from ?? value.metric4, to: change.next.metric4 }));
    }
    onChange(change.next);
  };

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        {keyFigureSliders(admin, t).map(({ key, label, max }) => (
          <ScaleSlider
            key={key}
            label={label}
            name={label}
            max={max}
            value={value[key]}
            disabled={!editable}
            onChange={(v) => onChange({ ...value, [key]: v })}
          />
        ))}
      </SimpleGrid>
      {!admin && (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="kpi.metric4Value"
            values={{ value: value.metric4 }}
            components={{ b: <b /> }}
          />
        </Text>
      )}

      {/* Gone once metric4 moves by hand: the notice would name a value it no longer has. */}
      {overwritten && overwritten.from !== overwritten.to && overwritten.to === value.metric4 && (
        <Alert
          color="orange"
          icon={<IconInfoCircle />}
          title={t('kpi.overwrittenTitle')}
          withCloseButton
          closeButtonLabel={t('kpi.dismiss')}
          onClose={() => setOverwritten(null)}
        >
          {t('kpi.overwritten', { from: overwritten.from, to: overwritten.to })}
        </Alert>
      )}
      {inconsistent && (
        <Alert color="yellow" icon={<IconAlertTriangle />} title={t('kpi.inconsistentTitle')} role="status">
          {[
            t('kpi.inconsistent', { priority, metric4: value.metric4 }),
            priority > metricLimits.metric4
              ? t('kpi.metric4Limit', { max: metricLimits.metric4 })
              : editable
                ? t('kpi.inconsistentHint')
                : null,
          ]
            .filter((sentence) => sentence !== null)
            .join(' ')}
        </Alert>
      )}

      <Accordion variant="contained" value={openPane} onChange={setOpenPane}>
        <Accordion.Item value="priority">
          <Accordion.Control>
            <Group gap="xs">
              <Text fw={500}>{t('kpi.priorityDetails')}</Text>
              <Badge variant="light" color={inconsistent ? 'yellow' : 'blue'}>
                {t('kpi.priorityBadge', { priority })}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <PriorityPane value={value} priority={priority} editable={editable} onRating={changeRating} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}

/** A rating's stored code, with its label beside it in the language shown. */
function RatingLabel({ type, label }: { type: MetricType; label: string | null }) {
  const { t } = useTranslation('projects');
  return label === null ? (
    type
  ) : (
    <>
      {type}{' '}
      <Text span size="sm" c="dimmed">
        {t('kpi.ratingLabel', { label })}
      </Text>
    </>
  );
}

interface PaneProps {
  readonly value: KeyFiguresTabProps['value'];
  readonly priority: number;
  readonly editable: boolean;
  readonly onRating: (type: MetricType, value: number) => void;
}

function PriorityPane({ value, priority, editable, onRating }: PaneProps) {
  const { t } = useTranslation('projects');
  const weights = ratingTypeWeights(t);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        {ratingTypes.map((type) => (
          <ScaleSlider
            key={type}
            label={<RatingLabel type={type} label={ratingLabel(type, t)} />}
            name={ratingName(type, t)}
            hint={weights[type]}
            max={maxMetricValue}
            value={ratingValue(value.metrics, type)}
            disabled={!editable}
            onChange={(v) => onRating(type, v)}
          />
        ))}
      </SimpleGrid>
      <Text size="sm">
        <Trans
          t={t}
          i18nKey="kpi.calculated"
          values={{ sum: formatNumber(priorityRawSum(value.metrics)), priority }}
          components={{ b: <b /> }}
        />
      </Text>
      <Text size="sm" c="dimmed" component="div">
        <div>{t('kpi.formulaTitle')}</div>
        <List size="sm" c="dimmed">
          <List.Item>
            {t('kpi.formulaImportance', { scale: importanceWeights.join(', '), max: maxMetricValue })}
          </List.Item>
          <List.Item>{t('kpi.formulaThirds')}</List.Item>
          <List.Item>{t('kpi.formulaUrgency')}</List.Item>
          <List.Item>{t('kpi.formulaRounding')}</List.Item>
        </List>
        <div>{t('kpi.formulaOverwrite', { max: metricLimits.metric4 })}</div>
      </Text>
    </Stack>
  );
}
