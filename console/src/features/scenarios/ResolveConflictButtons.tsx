import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isResolvableConflict } from '@fahrplan/contracts';
import type { RecordDifference } from '@fahrplan/contracts';
import { useCan } from '../auth/permissions';
import { describeError } from '../common/problem';
import { useResolveScenarioConflictMutation } from './scenariosApi';

/**
 * The two ways out of a conflict on one field (ResolveScenarioConflict): keep the scenario's value, or
 * take the live one. Offered where the field is one an update carries and the user may edit the
 * scenario; lanes, goal values, entries and deletions are resolved by saving them again in the scenario.
 */
export function ResolveConflictButtons({
  scenario,
  record,
  field,
  label,
  onResolved,
}: {
  scenario: number;
  record: Pick<RecordDifference, 'kind' | 'id' | 'title'>;
  field: string;
  /** The field as the record's dialog labels it. */
  label: string;
  onResolved?: () => void;
}) {
  const { t } = useTranslation('scenarios');
  const canEdit = useCan('scenarios', 'EDIT');
  const [resolve, { isLoading }] = useResolveScenarioConflictMutation();
  const [failure, setFailure] = useState<string | null>(null);
  if (!canEdit || !isResolvableConflict(record.kind, field)) return null;

  const settle = async (keep: 'scenario' | 'live') => {
    setFailure(null);
    try {
      await resolve({
        data: { scenario, kind: record.kind, id: record.id, field, keep },
        idempotencyKey: crypto.randomUUID(),
      }).unwrap();
      onResolved?.();
    } catch (error) {
      setFailure(describeError(error));
    }
  };
  const names = { field: label, title: record.title };
  return (
    <>
      <Group gap="xs" mt={4}>
        <Button
          size="compact-xs"
          variant="light"
          loading={isLoading}
          aria-label={t('records.keepScenarioLabel', names)}
          onClick={() => void settle('scenario')}
        >
          {t('records.keepScenario')}
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          loading={isLoading}
          aria-label={t('records.takeLiveLabel', names)}
          onClick={() => void settle('live')}
        >
          {t('records.takeLive')}
        </Button>
      </Group>
      {failure && (
        <Text size="xs" c="red.8" role="alert">
          {t('records.resolveFailed', { reason: failure })}
        </Text>
      )}
    </>
  );
}
