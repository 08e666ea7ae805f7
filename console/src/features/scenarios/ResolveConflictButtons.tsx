import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isResolvableConflict } from '@fahrplan/contracts';
import type { RecordDifference } from '@fahrplan/contracts';
import { useCan } from '../auth/permissions';
import { describeError } from '../common/problem';
import { useResolveScenarioConflictMutation } from './scenariosApi';

const choices = [
  { keep: 'scenario', label: 'records.keepScenario', aria: 'records.keepScenarioLabel', variant: 'light' },
  { keep: 'live', label: 'records.takeLive', aria: 'records.takeLiveLabel', variant: 'default' },
] as const;

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
        {choices.map(({ keep, label, aria, variant }) => (
          <Button
            key={keep}
            size="compact-xs"
            variant={variant}
            loading={isLoading}
            aria-label={t(aria, names)}
            onClick={() => void settle(keep)}
          >
            {t(label)}
          </Button>
        ))}
      </Group>
      {failure && (
        <Text size="xs" c="red.8" role="alert">
          {t('records.resolveFailed', { reason: failure })}
        </Text>
      )}
    </>
  );
}
