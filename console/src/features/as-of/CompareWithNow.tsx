import { useState } from 'react';
import type { ReactNode } from 'react';
import { Badge, Button, Group, List, Loader, Paper, Switch, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Trans, useTranslation } from 'react-i18next';
import { describeError, httpStatusOf } from '../common/problem';
import { fieldLabel } from '../common/fieldLabels';
import { listEntryLineText } from '../common/listDiff';
import type { ListEntryLine } from '../common/listDiff';
import { diffFormValues, formatFormValue } from './compareWithNow';
import type { FieldDifference } from './compareWithNow';
import { formatAsOf } from '../session/asOf';
import { useGetLiveRecordQuery } from './liveApi';
import type { LiveRecordKind } from './liveApi';
import { useAsOf, useSetAsOf } from './useAsOf';

const changedStyles = {
  input: {
    borderColor: 'var(--mantine-color-orange-filled)',
    backgroundColor: 'var(--mantine-color-orange-light)',
  },
  description: { color: 'var(--mantine-color-orange-light-color)' },
};

export interface CompareWithNowOptions<R, V> {
  kind: LiveRecordKind;
  /** The record's id; null for a new record (nothing to compare). */
  id: number | null;
  /** The form as of the date (the dialog's initial values). */
  asOfValues: V;
  /** Today's record as the same form. */
  toValues: (record: R) => V;
  /** Form fields that are the dialog's own input, not the record's (a new comment…). */
  ignore?: readonly string[];
  /**
   * A form field's value as the dialog shows it (a code by its option's label, a referenced record by
   * its name); formatFormValue else.
   */
  formatValue?: (field: string, value: unknown) => ReactNode;
  /**
   * A listed field's differences element by element, as its tab names them (a project's key figures
   * and goals: "Metric 1: 3 → 5", "+ Goal Cloud first: 2"); null: the field as one value.
   */
  listEntries?: (field: string, asOf: unknown, now: unknown) => readonly ListEntryLine[] | null;
}

/**
 * "Compare with now" in a record dialog viewed as of a date: a switch that fetches the record live and
 * highlights every field that differs. Pass `enhanceGetInputProps` to the dialog's useForm (fields bound
 * with getInputProps get an orange border and a "now: …" hint) and render `notice` above the tabs (the
 * switch and the list of all differences, so fields bound otherwise are covered too). Null notice when
 * the console shows now.
 */
export function useCompareWithNow<R, V extends object>({
  kind,
  id,
  asOfValues,
  toValues,
  ignore = [],
  formatValue = (_field, value) => formatFormValue(value),
  listEntries = () => null,
}: CompareWithNowOptions<R, V>) {
  const asOf = useAsOf();
  const setAsOf = useSetAsOf();
  const { t } = useTranslation('as-of');
  const [on, setOn] = useState(false);
  const active = asOf !== null && id !== null && on;
  const live = useGetLiveRecordQuery(active ? { kind, id } : skipToken);
  const liveRecord = active && live.data !== undefined && !live.isFetching ? (live.data as R) : null;
  // cheap: one record's form, compared field by field on each render
  const differences = liveRecord === null ? null : diffFormValues(asOfValues, toValues(liveRecord), ignore);
  const byField = new Map((differences ?? []).map((d) => [d.field, d] as const));

  const enhanceGetInputProps = ({ field }: { field: string }) => {
    const difference = byField.get(field);
    if (!difference) return undefined;
    return {
      'data-changed-since': 'true',
      description: (
        <>
          {t('compare.nowColon')} {formatValue(field, difference.now)}
        </>
      ),
      inputWrapperOrder: ['label', 'input', 'description', 'error'],
      styles: changedStyles,
    };
  };

  const deleted = active && live.isError && httpStatusOf(live.error) === 404;
  const notice: ReactNode =
    asOf === null || id === null ? null : (
      <Paper withBorder p="xs" mb="md" bg="var(--mantine-color-orange-light)" data-testid="compare-with-now">
        <Group justify="space-between" gap="xs">
          <Switch
            label={t('compare.switch')}
            checked={on}
            onChange={(event) => setOn(event.currentTarget.checked)}
            color="orange"
          />
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {t('compare.asOfReadOnly', { asOf: formatAsOf(asOf) })}
            </Text>
            {/* the page's banner is behind the dialog's overlay */}
            <Button size="compact-xs" variant="light" color="orange" onClick={() => setAsOf(null)}>
              {t('backToNow')}
            </Button>
          </Group>
        </Group>
        {active && (
          <CompareResult
            loading={live.isFetching}
            deleted={deleted}
            error={live.isError && !deleted ? describeError(live.error) : null}
            differences={differences}
            label={(field) => fieldLabel(t, kind, field)}
            formatValue={formatValue}
            listEntries={listEntries}
          />
        )}
      </Paper>
    );
  return { notice, enhanceGetInputProps };
}

function CompareResult({
  loading,
  deleted,
  error,
  differences,
  label,
  formatValue,
  listEntries,
}: {
  loading: boolean;
  deleted: boolean;
  error: string | null;
  differences: readonly FieldDifference[] | null;
  label: (field: string) => string;
  formatValue: (field: string, value: unknown) => ReactNode;
  listEntries: NonNullable<CompareWithNowOptions<unknown, object>['listEntries']>;
}) {
  const { t } = useTranslation('as-of');
  if (loading) return <Loader size="xs" mt="xs" aria-label={t('compare.loading')} />;
  if (deleted)
    return (
      <Badge color="red" variant="light" mt="xs">
        {t('deletedSince')}
      </Badge>
    );
  if (error !== null)
    return (
      <Text size="sm" c="red" mt="xs" role="alert">
        {error}
      </Text>
    );
  if (differences === null) return null;
  if (differences.length === 0)
    return (
      <Text size="sm" mt="xs" role="status">
        {t('compare.unchanged')}
      </Text>
    );
  return (
    <>
      <Text size="sm" mt="xs" role="status">
        {t('compare.differ', { count: differences.length })}
      </Text>
      <List size="xs" spacing={2} aria-label={t('compare.listLabel')}>
        {differences.map(({ field, asOf, now }) => {
          const entries = listEntries(field, asOf, now);
          return (
            <List.Item key={field}>
              <Text span size="xs" fw={600}>
                {label(field)}
              </Text>
              {entries !== null && entries.length > 0 ? (
                <>
                  {' '}
                  {t('compare.asOfToNow')}
                  <List
                    size="xs"
                    spacing={2}
                    withPadding
                    aria-label={t('compare.entriesLabel', { label: label(field) })}
                  >
                    {entries.map((entry) => (
                      <List.Item key={`${entry.change} ${entry.noun} ${entry.name}`}>
                        {listEntryLineText(entry)}
                      </List.Item>
                    ))}
                  </List>
                </>
              ) : (
                <Trans
                  t={t}
                  i18nKey="compare.change"
                  components={{ asOf: <>{formatValue(field, asOf)}</>, now: <>{formatValue(field, now)}</> }}
                />
              )}
            </List.Item>
          );
        })}
      </List>
    </>
  );
}
