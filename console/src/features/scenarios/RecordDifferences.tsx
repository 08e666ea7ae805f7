import { Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RecordDifference } from '@fahrplan/contracts';
import { useCalendarNames } from '../calendars/useCalendarNames';
import { changeLabel, kindLabel, recordInScenario, shownFields } from './recordDifferences';
import { ResolveConflictButtons } from './ResolveConflictButtons';

/**
 * The records a scenario changes, field by field ("Start: 01.03.2027 → 01.06.2027"); a conflict is
 * marked by an icon and the word, not by colour alone, with the live value beside the scenario's, and,
 * where `resolveIn` names the scenario, a link to the record there and, on each conflicting field, the
 * buttons that keep the scenario's value or take the live one.
 */
export function RecordDifferences({
  records,
  resolveIn,
  onResolve,
  onResolved,
}: {
  records: readonly RecordDifference[];
  resolveIn?: number;
  /** Called as the user follows a link into the scenario (a dialog closes). */
  onResolve?: () => void;
  /** Called once a conflict was resolved in one step (a stale refusal's list closes). */
  onResolved?: () => void;
}) {
  const { t } = useTranslation('scenarios');
  const calendarNames = useCalendarNames();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {records.map((record) => (
        <li key={`${record.kind}-${record.id}`} data-testid="scenario-record">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {t('records.title', { kind: kindLabel(t, record.kind), title: record.title })}
            </Text>
            <Badge size="sm" variant="light" color="gray">
              {changeLabel(t, record.change)}
            </Badge>
            {record.conflicts.length > 0 && (
              <Badge size="sm" color="red" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
                {t('records.conflict')}
              </Badge>
            )}
            {resolveIn !== undefined && record.conflicts.length > 0 && (
              <Anchor component={Link} to={recordInScenario(record, resolveIn)} size="sm" onClick={onResolve}>
                {t('records.resolve', { title: record.title })}
              </Anchor>
            )}
          </Group>
          <List size="sm" spacing={2} ml="md">
            {shownFields(record, t, calendarNames).map((field) => (
              <List.Item
                key={field.field}
                icon={field.conflict ? <IconAlertTriangle size={14} aria-hidden /> : undefined}
              >
                {field.conflict
                  ? t('records.conflictField', {
                      field: field.label,
                      live: field.live,
                      scenario: field.scenario,
                    })
                  : t('records.field', { field: field.label, live: field.live, scenario: field.scenario })}
                {field.conflict && resolveIn !== undefined && (
                  <ResolveConflictButtons
                    scenario={resolveIn}
                    record={record}
                    field={field.field}
                    label={field.label}
                    onResolved={onResolved}
                  />
                )}
              </List.Item>
            ))}
          </List>
        </li>
      ))}
    </Stack>
  );
}
