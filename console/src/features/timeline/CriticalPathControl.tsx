import { useMemo, useState } from 'react';
import { ActionIcon, Group, Select, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { IconRoute, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TimelineItem } from '@fahrplan/contracts';
import { describeError } from '../common/problem';
import { useGetCriticalPathQuery } from './criticalPathApi';
import { criticalHighlight } from './dependencyArrows';
import { toMs } from './timeScale';
import type { TimeRange } from './timeScale';

/** The milestone a critical path is shown to (none at first), and what the timeline highlights of it. */
export function useCriticalPath() {
  const [to, setTo] = useState<number | null>(null);
  const { data, error } = useGetCriticalPathQuery(to ?? skipToken);
  const critical = useMemo(() => (to !== null && data ? criticalHighlight(data) : null), [to, data]);
  return { to, setTo, critical, error: to === null ? undefined : error };
}

/**
 * "Critical path to…": one of the milestones in view (the chosen one stays listed when it scrolls
 * out); its clear button removes the highlight.
 */
export function CriticalPathControl({
  items,
  range,
  to,
  onChange,
  error,
}: {
  items: readonly TimelineItem[];
  range: TimeRange;
  to: number | null;
  onChange: (to: number | null) => void;
  error: unknown;
}) {
  const { t } = useTranslation('timeline');
  const options = useMemo(
    () =>
      items
        .filter((item) => {
          if (item.end !== null) return false;
          const at = toMs(item.start);
          return item.id === to || (at >= range.start && at < range.end);
        })
        .sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id)
        .map((item) => ({ value: String(item.id), label: item.title })),
    [items, range, to],
  );
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <Select
        size="xs"
        w={220}
        searchable
        leftSection={<IconRoute size={14} aria-hidden />}
        aria-label={t('critical.label')}
        placeholder={t('critical.placeholder')}
        nothingFoundMessage={t('critical.noMilestones')}
        data={options}
        value={to === null ? null : String(to)}
        onChange={(value) => onChange(value === null ? null : Number(value))}
        data-testid="critical-path-select"
      />
      {/* a button of its own: the Select's clear button is hidden from the keyboard and screen readers */}
      {to !== null && (
        <ActionIcon variant="default" aria-label={t('critical.clear')} onClick={() => onChange(null)}>
          <IconX size={14} />
        </ActionIcon>
      )}
      {error !== undefined && (
        <Text size="xs" c="red" role="alert">
          {describeError(error)}
        </Text>
      )}
    </Group>
  );
}
