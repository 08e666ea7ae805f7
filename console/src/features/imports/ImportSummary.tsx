import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ImportApplyProgress, ImportableSheetKind } from '@fahrplan/contracts';

const routeOf = {
  applications: 'application-details',
  projects: 'project-details',
  items: 'task-details',
} as const;
/** Links shown; the rest are counted. */
const shown = 20;

/** What an apply did: the records created and updated, with links, and the rows that failed. */
export function ImportSummary({
  kind,
  progress,
  onClose,
}: {
  kind: ImportableSheetKind;
  progress: ImportApplyProgress;
  onClose: () => void;
}) {
  const { t } = useTranslation('imports');
  const created = progress.applied.filter((a) => a.action === 'create').length;
  return (
    <Stack>
      <Alert color={progress.failed.length > 0 ? 'yellow' : 'green'} role="status" title={t('summary.title')}>
        {t('summary.done', { created, updated: progress.applied.length - created })}
      </Alert>
      {progress.applied.length > 0 && (
        <List size="sm">
          {progress.applied.slice(0, shown).map((record) => (
            <List.Item key={record.row}>
              <Anchor component={Link} to={`/${routeOf[kind]}/${record.id}`} onClick={onClose}>
                {t('summary.record', { row: record.row, id: record.id })}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
      {progress.applied.length > shown && (
        <Text size="sm" c="dimmed">
          {t('summary.more', { count: progress.applied.length - shown })}
        </Text>
      )}
      {progress.failed.length > 0 && (
        <Alert color="red" title={t('summary.failed', { count: progress.failed.length })} role="alert">
          <List size="sm">
            {progress.failed.slice(0, shown).map((failure) => (
              <List.Item key={failure.row}>
                {t('summary.failure', { row: failure.row, status: failure.status, reason: failure.reason })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('close')}</Button>
      </Group>
    </Stack>
  );
}
