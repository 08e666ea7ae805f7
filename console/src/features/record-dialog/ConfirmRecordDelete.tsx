import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '../common/notify';
import { describeError } from '../common/problem';
import { ConfirmDialog } from './FormDialog';

interface ConfirmRecordDeleteProps {
  title: string;
  confirmLabel: string;
  /** What the confirmation says of the record. */
  children: ReactNode;
  /** Sends the delete once (api/commands' sendOnce: a fresh Idempotency-Key). */
  remove: () => Promise<unknown>;
  /** The notice once the record is gone. */
  deleted: string;
  /**
   * How a refusal reads, when the server may refuse (a record still in use): it stays in the
   * confirmation, which then only closes. Without it a failure is a notice and the confirmation closes.
   */
  refusal?: { readonly title: string; readonly message: (error: unknown) => string };
  onClose: () => void;
}

/** The confirmation of an administration list's delete: sends it, says so, closes. */
export function ConfirmRecordDelete({
  title,
  confirmLabel,
  children,
  remove,
  deleted,
  refusal,
  onClose,
}: ConfirmRecordDeleteProps) {
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    try {
      await remove();
      notifySuccess(deleted);
      onClose();
    } catch (error) {
      const message = refusal ? refusal.message(error) : describeError(error);
      notifyError(message);
      if (refusal) setRefused(message);
      else onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      busy={busy}
      refused={refused !== null}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <Stack gap="sm">
        {children}
        {refused && (
          <Alert color="red" icon={<IconAlertCircle size={16} />} title={refusal?.title}>
            {refused}
          </Alert>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
