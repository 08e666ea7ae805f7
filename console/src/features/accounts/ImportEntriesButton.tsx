import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileImport } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { commandCatalogue } from '@fahrplan/contracts';
import { describeError, problemOf } from '../common/problem';
import { useCan } from '../auth/permissions';
import { notifySuccess } from '../common/notify';
import { useAddAccountEntriesMutation } from './accountsApi';
import { CsvReport } from './CsvReport';
import { noProgress, planImport, refusedCells, sendChunks } from './importPlan';
import type { ImportPlan, ImportProgress, RefusedCell } from './importPlan';
import { entryColumns, parseEntriesCsv } from './parseEntriesCsv';
import type { EntriesCsv } from './parseEntriesCsv';

interface Props {
  accountId: number;
  /** Whose account it is: adding entries needs EDIT on that owner's resource (as the server checks). */
  refType: 'application' | 'group';
  /** The owner's own edit rule (e.g. a shared application is read-only); the command's permission is checked here. */
  disabled?: boolean;
}

interface Chosen {
  name: string;
  csv: EntriesCsv;
  /** Chunks and their Idempotency-Keys, kept for retries of this file (STYLE 8). */
  plan: ImportPlan;
}

/** Issue 4: import an account's entries from a CSV file, with a preview and a report of rejected rows. */
export function ImportEntriesButton({ accountId, refType, disabled = false }: Props) {
  const { resource, action } = commandCatalogue.AddAccountEntries.permission({}, { refType });
  const allowed = useCan(resource, action);
  const { t } = useTranslation('accounts');
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconFileImport size={16} />}
        disabled={disabled}
        onClick={() => setOpened(true)}
      >
        {t('import.open')}
      </Button>
      {/* Always mounted: closing (not unmounting) takes it off a surrounding Modal.Stack again. */}
      <Modal
        stackId="import-entries"
        opened={opened}
        onClose={() => !busy && setOpened(false)}
        title={t('import.title')}
        size="xl"
        closeButtonProps={{ 'aria-label': t('import.close') }}
      >
        <ImportEntries accountId={accountId} onBusy={setBusy} onClose={() => setOpened(false)} />
      </Modal>
    </>
  );
}

interface ImportEntriesProps {
  accountId: number;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
}

/** The modal's content; it mounts on opening, so every opening starts without a file. */
function ImportEntries({ accountId, onBusy, onClose }: ImportEntriesProps) {
  const { t } = useTranslation('accounts');
  const [addEntries] = useAddAccountEntriesMutation();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  /** The cells of the file the server refused, by row and column. */
  const [refused, setRefused] = useState<RefusedCell[]>([]);
  /** What the server accepted so far; a retry continues from there. */
  const [progress, setProgress] = useState<ImportProgress>(noProgress);
  const resetRef = useRef<() => void>(null);

  const choose = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setError(null);
    setProgress(noProgress);
    try {
      const csv = parseEntriesCsv(await file.text(), t);
      setChosen({ name: file.name, csv, plan: planImport(csv.entries, () => crypto.randomUUID()) });
      setReadError(null);
    } catch (e) {
      setChosen(null);
      setReadError(t('import.readError', { error: describeError(e) }));
    }
  };

  const runImport = async () => {
    if (!chosen || importing) return;
    setImporting(true);
    onBusy(true);
    setError(null);
    setRefused([]);
    /** The first entry of the chunk being sent: where the server's `entries.<index>` count from. */
    let offset = progress.entries;
    try {
      const { total } = chosen.plan;
      await sendChunks(
        chosen.plan,
        progress,
        (entries, idempotencyKey) => addEntries({ data: { accountId, entries }, idempotencyKey }).unwrap(),
        (next) => {
          offset = next.entries;
          setProgress(next);
        },
      );
      notifySuccess(t('import.done', { count: total }));
      onClose();
    } catch (e) {
      setError(e);
      setRefused(refusedCells(problemOf(e)?.errors ?? [], chosen.csv.rows, offset));
    } finally {
      setImporting(false);
      onBusy(false);
    }
  };

  const csv = chosen?.csv;
  const count = csv?.entries.length ?? 0;
  const started = progress.chunks > 0;

  return (
    <>
      <Stack>
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="import.help"
            values={{ columns: entryColumns.slice(1).join(', ') }}
            components={{ b: <b /> }}
          />
        </Text>
        <Group>
          <FileButton resetRef={resetRef} onChange={(file) => void choose(file)} accept=".csv,text/csv">
            {(props) => (
              <Button {...props} variant="default" disabled={importing} data-autofocus>
                {chosen ? t('import.chooseAnother') : t('import.choose')}
              </Button>
            )}
          </FileButton>
          {chosen && (
            <Text size="sm" c="dimmed">
              {chosen.name}
            </Text>
          )}
        </Group>

        {readError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {readError}
          </Alert>
        )}

        {csv && <CsvReport csv={csv} />}

        {(importing || started) && chosen && chosen.plan.chunks.length > 1 && (
          <Stack gap={4}>
            <Progress
              value={(progress.entries / chosen.plan.total) * 100}
              animated={importing}
              aria-label={t('import.progressLabel')}
            />
            <Text size="xs" c="dimmed">
              {importing
                ? t('import.importing', { done: progress.entries, count: chosen.plan.total })
                : t('import.progress', { done: progress.entries, count: chosen.plan.total })}
            </Text>
          </Stack>
        )}

        {error !== null && (
          <Alert color="red" icon={<IconAlertCircle />} title={t('import.failed')} role="alert">
            <Text size="sm">{describeError(error)}</Text>
            {refused.length > 0 && (
              <List size="sm">
                {refused.slice(0, 20).map((cell) => (
                  <List.Item key={`${cell.row}-${cell.column}`}>
                    {t('import.refusedCell', { row: cell.row, column: cell.column, message: cell.message })}
                  </List.Item>
                ))}
              </List>
            )}
            {started && (
              <Text size="sm" mt="xs">
                {t('import.partial', { count: progress.entries })}
              </Text>
            )}
          </Alert>
        )}

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={importing}>
            {t('import.cancel')}
          </Button>
          <Button onClick={() => void runImport()} disabled={count === 0} loading={importing}>
            {error !== null ? t('import.retry') : t('import.submit', { count })}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
