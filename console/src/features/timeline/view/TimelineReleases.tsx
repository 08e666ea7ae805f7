import { memo } from 'react';
import { Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { serverToUiDate } from '@fahrplan/contracts';
import { dayMs, todayMs, toServerDate, valueToX } from '../timeScale';
import type { TimeRange } from '../timeScale';
import { releaseState } from '../releaseMilestones';
import type { ReleaseMilestone, ReleaseRow } from '../releaseMilestones';
import { rowFrame } from './timelineLayout';

export const releaseRowHeight = 30;
const markerSize = 18;
const labelGap = 8;
/** Roughly what a release name needs beside its marker at the timeline's 12 px. */
const labelWidth = (name: string) => Math.min(160, name.length * 7 + labelGap);

function ReleaseMarker({ milestone, x, label }: { milestone: ReleaseMilestone; x: number; label: boolean }) {
  const { t } = useTranslation('timeline');
  const stateText = {
    released: t('releases.released'),
    unreleased: t('releases.unreleased'),
    overdue: t('releases.overdue'),
  };
  const state = releaseState(milestone, toServerDate(todayMs()));
  const description = t('releases.description', {
    name: milestone.name,
    project: milestone.projectKey,
    state: stateText[state],
    date: serverToUiDate(milestone.date),
  });
  const tooltip = (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {milestone.name}
      </Text>
      <Text size="xs">
        {milestone.projectKey} · {stateText[state]} · {serverToUiDate(milestone.date)}
      </Text>
      {milestone.description && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {milestone.description}
        </Text>
      )}
      {milestone.url && (
        <Text size="xs" c="dimmed">
          {t('releases.opensInTracker')}
        </Text>
      )}
    </Stack>
  );
  const colour = state === 'overdue' ? 'pink' : 'violet';
  const body = (
    <>
      <span
        style={{
          width: markerSize,
          height: markerSize,
          flex: 'none',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: '50%',
          color: milestone.released ? 'var(--mantine-color-white)' : `var(--mantine-color-${colour}-text)`,
          background: milestone.released
            ? `var(--mantine-color-${colour}-filled)`
            : `var(--mantine-color-${colour}-light)`,
          border: milestone.released ? undefined : `1px dashed var(--mantine-color-${colour}-text)`,
        }}
      >
        <IconTag size={11} aria-hidden />
      </span>
      {label && (
        <Text
          span
          size="xs"
          c={`var(--mantine-color-${colour}-text)`}
          fw={500}
          ml={4}
          style={{ whiteSpace: 'nowrap' }}
        >
          {milestone.name}
        </Text>
      )}
    </>
  );
  const style = {
    position: 'absolute' as const,
    left: x - markerSize / 2,
    top: (releaseRowHeight - markerSize) / 2,
    display: 'flex',
    alignItems: 'center',
    textDecoration: 'none',
    zIndex: 3,
    cursor: milestone.url ? 'pointer' : 'default',
  };
  // a link when the release has a page, else a focusable span; both are marked alike
  const marker = {
    className: 'mantine-focus-auto',
    'aria-label': description,
    'data-testid': 'timeline-release',
    'data-timeline-release': true,
    style,
  };
  return (
    <Tooltip label={tooltip} withArrow openDelay={150} multiline maw={280}>
      {milestone.url ? (
        <a href={milestone.url} target="_blank" rel="noopener noreferrer" draggable={false} {...marker}>
          {body}
        </a>
      ) : (
        <span tabIndex={0} {...marker}>
          {body}
        </span>
      )}
    </Tooltip>
  );
}

/**
 * A project's releases row: the versions of its tracker repository as violet tags on their release
 * day. Not draggable; a click or Enter opens the release in the tracker (a new tab).
 */
export const ReleaseRowView = memo(function ReleaseRowView({
  row,
  top,
  range,
  width,
  sidebarWidth,
  milestones,
}: {
  row: ReleaseRow;
  top: number;
  range: TimeRange;
  width: number;
  sidebarWidth: number;
  milestones: readonly ReleaseMilestone[];
}) {
  const { t } = useTranslation('timeline');
  const placed = milestones
    .map((milestone) => ({ milestone, x: valueToX(milestone.at + dayMs / 2, range, width) }))
    .filter(({ x }) => x >= -markerSize && x <= width + markerSize);
  return (
    <div
      data-testid="timeline-release-row"
      data-row={row.key}
      style={rowFrame(top, releaseRowHeight, '1px dashed var(--fahrplan-lane-border)')}
    >
      <div
        data-timeline-sidebar
        style={{
          width: sidebarWidth,
          flex: 'none',
          background: 'var(--mantine-color-body)',
          borderRight: '1px solid var(--mantine-color-default-border)',
          padding: '2px 8px 2px 16px',
          display: 'flex',
          alignItems: 'center',
          cursor: 'default',
          position: 'relative',
          zIndex: 4,
        }}
      >
        <Group gap={4} wrap="nowrap">
          <IconTag size={12} color="var(--mantine-color-violet-text)" aria-hidden />
          <Text size="xs" c="var(--mantine-color-violet-text)">
            {t('releases.row')}
          </Text>
        </Group>
      </div>
      <div
        style={{
          position: 'relative',
          flex: 1,
          background: 'var(--fahrplan-releases)',
        }}
      >
        {placed.length === 0 && (
          <Text size="xs" c="dimmed" style={{ position: 'absolute', left: 8, top: 7, pointerEvents: 'none' }}>
            {milestones.length === 0 ? t('releases.noneDated') : t('releases.noneInView')}
          </Text>
        )}
        {placed.map(({ milestone, x }, i) => {
          const next = placed[i + 1];
          const room = next === undefined || next.x - x >= markerSize + labelWidth(milestone.name);
          return <ReleaseMarker key={milestone.id} milestone={milestone} x={x} label={room} />;
        })}
      </div>
    </div>
  );
});

/** The timeline's 'Show releases' switch, which is also the legend of the violet release tags. */
export function ReleasesToggle({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (show: boolean) => void;
}) {
  const { t } = useTranslation('timeline');
  return (
    <Switch
      size="sm"
      mt={22}
      color="violet"
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      label={
        <Group gap={4} wrap="nowrap" component="span">
          <IconTag size={14} color="var(--mantine-color-violet-text)" aria-hidden />
          {t('releases.show')}
        </Group>
      }
    />
  );
}
