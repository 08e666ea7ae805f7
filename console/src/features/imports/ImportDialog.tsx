import { useEffect, useState } from 'react';
import type { DragEvent } from 'react';
import { Alert, Badge, Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { importRowsMax } from '@fahrplan/contracts';
import type { ImportPreview, ImportableSheetKind } from '@fahrplan/contracts';
import { describeError } from '../common/problem';
import { ImportRowsTable } from './ImportRowsTable';
import { ImportSummary } from './ImportSummary';
import { useApplyImportMutation, useGetImportProgressQuery, useUploadImportMutation } from './importsApi';

interface Props {
  kind: ImportableSheetKind;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
}

const actions = ['create', 'update', 'unchanged', 'refuse'] as const;
const colours = { create: 'green', update: 'blue', unchanged: 'gray', refuse: 'red' } as const;

/** The import's steps: a file chosen or dropped, its preview, the apply with its progress, the summary. */
export function ImportDialog({ kind, onBusy, onClose }: Props) {
  const { t } = useTranslation('imports');
  const [upload, uploading] = useUploadImportMutation();
  const [apply, applying] = useApplyImportMutation();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [applied, setApplied] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const progress = useGetImportProgressQuery(
    { id: preview?.id ?? '', kind },
    { skip: !applied || !preview, pollingInterval: 500, skipPollingIfUnfocused: false },
  );
  const running = applied && progress.data?.status !== 'done' && progress.data?.status !== 'failed';
  const busy = uploading.isLoading || running;
  useEffect(() => onBusy(busy), [busy, onBusy]);

  const choose = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setPreview(null);
    try {
      setPreview(await upload({ kind, file }).unwrap());
    } catch (e) {
      setError(e);
    }
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    void choose(event.dataTransfer.files[0] ?? null);
  };

  const start = async () => {
    if (!preview) return;
    setError(null);
    try {
      await apply({ id: preview.id, validOnly: preview.totals.refuse > 0 }).unwrap();
      setApplied(true);
    } catch (e) {
      setError(e);
    }
  };

  if (applied && progress.data && !running)
    return <ImportSummary kind={kind} progress={progress.data} onClose={onClose} />;

  const toApply = preview ? preview.totals.create + preview.totals.update : 0;
  return (
    <Stack>
      <Paper
        withBorder
        p="md"
        onDragOver={(event) => event.preventDefault()}
        onDrop={drop}
        aria-label={t('dropZone')}
      >
        <Stack gap="xs" align="center">
          <Text size="sm">{t('help', { rows: importRowsMax.toLocaleString() })}</Text>
          <FileButton onChange={(file) => void choose(file)} accept=".xlsx,.csv,text/csv">
            {(props) => (
              <Button {...props} loading={uploading.isLoading} disabled={applied} data-autofocus>
                {preview ? t('chooseAnother') : t('choose')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('orDrop')}
          </Text>
        </Stack>
      </Paper>

      {error !== null && (
        <Alert color="red" icon={<IconAlertCircle />} title={t('failed')} role="alert">
          {describeError(error)}
        </Alert>
      )}

      {preview && (
        <>
          <Group gap="xs" aria-label={t('totals')}>
            <Text size="sm" fw={500}>
              {preview.fileName}
            </Text>
            {actions.map((action) => (
              <Badge key={action} color={colours[action]} variant="light">
                {t(`action.${action}`, { count: preview.totals[action] })}
              </Badge>
            ))}
          </Group>
          <ImportRowsTable preview={preview} colours={colours} />
        </>
      )}

      {running && (
        <Stack gap={4}>
          <Progress
            value={
              progress.data && progress.data.total > 0 ? (progress.data.done / progress.data.total) * 100 : 0
            }
            animated
            aria-label={t('progressLabel')}
          />
          <Text size="xs" c="dimmed" role="status">
            {t('applying', { done: progress.data?.done ?? 0, count: progress.data?.total ?? toApply })}
          </Text>
        </Stack>
      )}

      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={running}>
          {t('cancel')}
        </Button>
        {preview && (
          <Button
            onClick={() => void start()}
            disabled={toApply === 0 || running}
            loading={applying.isLoading}
          >
            {preview.totals.refuse > 0 ? t('applyValid', { count: toApply }) : t('apply', { count: toApply })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
