import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useAppSelector } from '../../app/hooks';
import { selectPosition } from '../api/positionSlice';
import { useRefreshMutation } from '../auth/authApi';
import { selectAccessToken } from '../auth/sessionSlice';
import { exportFileName, exportPath } from './historyFormat';

type ExportKind = 'csv' | 'events';

/** The server's problem detail of a failed download, else its status. */
const failureOf = async (response: Response): Promise<string> => {
  const text = await response.text().catch(() => '');
  try {
    const problem = JSON.parse(text) as { detail?: string; title?: string };
    if (problem.detail || problem.title) return (problem.detail || problem.title)!;
  } catch {
    // not problem details: the status says enough
  }
  return `the download failed with status ${response.status}`;
};

/** Saves a blob under `name` through a temporary link (the browser's own download). */
const saveBlob = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started from the link; the URL is only released after it has read the blob
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * Issue 8: a project's history as CSV and as the JSON event log, downloaded with the session's token
 * (a plain link would carry none); an expired token is refreshed once.
 */
export function HistoryExport({ projectId }: { projectId: number }) {
  const token = useAppSelector(selectAccessToken);
  const after = useAppSelector(selectPosition);
  const [refresh] = useRefreshMutation();
  const [running, setRunning] = useState<ExportKind | null>(null);
  const [error, setError] = useState<string | null>(null);

  const request = (accessToken: string | null, kind: ExportKind) =>
    fetch(exportPath(projectId, kind), {
      headers: {
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
        ...(after > 0 ? { 'X-Fahrplan-After': String(after) } : {}),
      },
      credentials: 'same-origin',
    });

  const download = async (kind: ExportKind) => {
    setRunning(kind);
    setError(null);
    try {
      let response = await request(token, kind);
      if (response.status === 401) {
        const session = await refresh().unwrap();
        if (session) response = await request(session.accessToken, kind);
      }
      if (!response.ok) throw new Error(await failureOf(response));
      saveBlob(await response.blob(), exportFileName(projectId, kind));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setRunning(null);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          loading={running === 'csv'}
          disabled={running !== null && running !== 'csv'}
          onClick={() => void download('csv')}
        >
          Export CSV
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          loading={running === 'events'}
          disabled={running !== null && running !== 'events'}
          onClick={() => void download('events')}
        >
          Export event log (JSON)
        </Button>
      </Group>
      {error && (
        <Alert
          color="red"
          icon={<IconAlertCircle />}
          title="Export failed"
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
