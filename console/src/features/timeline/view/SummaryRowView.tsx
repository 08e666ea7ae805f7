import { memo } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import type { TimelineSummary } from '@fahrplan/contracts';
import { useTranslation } from 'react-i18next';
import { summaryCounts } from '../timelineRows';
import { formatNumber } from '../../common/numbers';
import type { LaneRow } from '../timelineRows';
import { toMs, valueToX } from '../timeScale';
import type { TimeRange } from '../timeScale';
import { RowSidebar } from './LaneRowView';
import { rowFrame, sidebarWidth } from './timelineLayout';
import type { RowActions } from './timelineLayout';

const barTop = 6;
const barHeight = 18;
const diamondSize = 10;
const diamondTop = barTop + barHeight + 4;

const when = (dateTime: string) => dateTime.replace('T', ' ');

/** A drawn mark that says what it is, to the eye (tooltip) and to assistive technology alike. */
function Mark({
  testId,
  label,
  style,
  children,
}: {
  testId: string;
  label: string;
  style: CSSProperties;
  children?: ReactNode;
}) {
  return (
    <div
      data-testid={testId}
      role="img"
      aria-label={label}
      title={label}
      style={{ position: 'absolute', ...style }}
    >
      {children}
    </div>
  );
}

/** The project's items as one bar over their span with their count, and its first milestones as diamonds. */
function SummaryBar({
  summary,
  title,
  shared,
  range,
  width,
}: {
  summary: TimelineSummary;
  title: string;
  shared: boolean;
  range: TimeRange;
  width: number;
}) {
  const left = Math.max(-1, valueToX(toMs(summary.start), range, width));
  const right = Math.min(width + 1, valueToX(toMs(summary.end), range, width));
  const { t } = useTranslation('timeline');
  const count = summary.taskCount + summary.milestoneCount;
  // summary bars are read-only: their tooltip and label say so, and how to get at the items
  const hint = t('summary.hint');
  const label = t('summary.label', {
    title,
    counts: summaryCounts(t, summary),
    start: when(summary.start),
    end: when(summary.end),
    hint,
  });
  const colour = shared ? 'gray' : 'blue';
  return (
    <>
      <Mark
        testId="timeline-summary"
        label={label}
        style={{
          top: barTop,
          height: barHeight,
          left,
          width: Math.max(4, right - left),
          boxSizing: 'border-box',
          padding: '0 6px',
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          fontSize: 11,
          lineHeight: `${barHeight - 2}px`,
          borderRadius: 4,
          border: `1px solid var(--mantine-color-${colour}-filled)`,
          background: `var(--mantine-color-${colour}-light)`,
          color: `var(--mantine-color-${colour}-light-color)`,
        }}
      >
        {t('summary.items', { count, number: formatNumber(count) })}
      </Mark>
      {summary.milestones.map((milestone) => {
        const x = valueToX(toMs(milestone.start), range, width);
        if (x < -diamondSize || x > width + diamondSize) return null;
        return (
          <Mark
            key={milestone.id}
            testId="timeline-summary-milestone"
            label={t('summary.milestone', { title: milestone.title, start: when(milestone.start), hint })}
            style={{
              top: diamondTop,
              left: x - diamondSize / 2,
              width: diamondSize,
              height: diamondSize,
              transform: 'rotate(45deg)',
              background: shared ? 'var(--fahrplan-milestone-shared)' : 'var(--fahrplan-milestone)',
            }}
          />
        );
      })}
    </>
  );
}

/** A project's row when the timeline shows summaries: its title and counts, and its summary bar. */
export const SummaryRowView = memo(function SummaryRowView({
  row,
  summary,
  top,
  height,
  range,
  width,
  projectActions,
}: {
  row: LaneRow;
  summary: TimelineSummary | null;
  top: number;
  height: number;
  range: TimeRange;
  width: number;
  projectActions: RowActions | undefined;
}) {
  return (
    <div
      data-testid="timeline-row"
      data-row={row.key}
      style={rowFrame(top, height, '1px solid var(--fahrplan-row-border)')}
    >
      <RowSidebar
        row={row}
        style={{ width: sidebarWidth, flex: 'none', display: 'flex' }}
        projectActions={projectActions}
        laneActions={undefined}
      />
      <div style={{ position: 'relative', flex: 1, overflow: 'hidden' }}>
        {summary && (
          <SummaryBar
            summary={summary}
            title={row.groupTitle}
            shared={row.shared}
            range={range}
            width={width}
          />
        )}
      </div>
    </div>
  );
});
