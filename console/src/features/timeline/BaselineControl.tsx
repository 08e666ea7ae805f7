import { Anchor, Group, Select, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pageItems } from '../api/pages';
import { useGetBaselinePagesInfiniteQuery } from '../baselines/baselinesApi';
import { formatDateTime } from '../common/dateTime';
import { describeError } from '../common/problem';
import type { FetchWindow } from './timelineChanges';

const none = 'none';

/**
 * The toolbar's "Baseline: none / <name, date>" choice of the overlay (issue 21), and, with one chosen,
 * the link to the Baselines page's table of the same window.
 */
export function BaselineControl({
  baseline,
  onChange,
  window,
  failed,
}: {
  baseline: number | null;
  onChange: (baseline: number | null) => void;
  window: FetchWindow;
  failed: unknown;
}) {
  const { t } = useTranslation('timeline');
  const baselines = pageItems(useGetBaselinePagesInfiniteQuery().data);
  const data = [
    { value: none, label: t('baseline.none') },
    ...baselines.map((b) => ({
      value: String(b.id),
      label: t('baseline.option', { name: b.name, at: formatDateTime(b.at) }),
    })),
  ];
  const table = new URLSearchParams({ baseline: String(baseline), from: window.from, to: window.to });
  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        size="xs"
        w={320}
        aria-label={t('baseline.label')}
        data={data}
        value={baseline === null ? none : String(baseline)}
        onChange={(value) => onChange(value && value !== none ? Number(value) : null)}
        allowDeselect={false}
        data-testid="timeline-baseline"
      />
      {baseline !== null && (
        <Anchor component={Link} to={`/baselines?${table}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('baseline.table')}
        </Anchor>
      )}
      {failed !== undefined && (
        <Text size="sm" c="red" role="alert">
          {t('baseline.failed', { reason: describeError(failed) })}
        </Text>
      )}
    </Group>
  );
}
