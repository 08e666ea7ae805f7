import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../common/problem';
import { saveBlob } from '../common/saveBlob';
import { useExportHistoryMutation } from './historyApi';
import { exportFileName, exportType } from './historyFormat';

const exportKinds = ['csv', 'events'] as const;
type ExportKind = (typeof exportKinds)[number];

/**
 * Issue 8: a project's history as CSV and as the JSON event log, fetched through the api's base query
 * (a plain link would carry no token; an expired one is refreshed there) and saved as a file.
 */
export function HistoryExport({ projectId }: { projectId: number }) {
  const { t } = useTranslation('history');
  const [exportHistory] = useExportHistoryMutation();
  const [running, setRunning] = useState<ExportKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const labels: Record<ExportKind, string> = { csv: t('export.csv'), events: t('export.events') };

  const download = async (kind: ExportKind) => {
    setRunning(kind);
    setError(null);
    try {
      const text = await exportHistory({ projectId, kind }).unwrap();
      saveBlob(new Blob([text], { type: exportType(kind) }), exportFileName(projectId, kind));
    } catch (e) {
      setError(describeError(e));
    } finally {
      setRunning(null);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="xs">
        {exportKinds.map((kind) => (
          <Button
            key={kind}
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} />}
            loading={running === kind}
            disabled={running !== null && running !== kind}
            onClick={() => void download(kind)}
          >
            {labels[kind]}
          </Button>
        ))}
      </Group>
      {error && (
        <Alert
          color="red"
          icon={<IconAlertCircle />}
          title={t('export.failed')}
          role="alert"
          withCloseButton
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
    </Stack>
  );
}
