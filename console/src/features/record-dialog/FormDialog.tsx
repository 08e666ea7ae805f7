import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from './EditorChrome';
import { keyedSender } from './idempotencyKeys';
import type { KeyedSend } from './idempotencyKeys';
import { commandFailure, inputRefused, problemFieldErrors } from './commandErrors';
import { alertOutlived } from './fieldErrors';
import { sameValues } from '../common/formChanges';
import { useReturnFocus } from '../common/useReturnFocus';
import { hotkeyOf } from '../shortcuts/shortcuts';

/** A failed command in a red alert (§8 save failure: the server's detail, else the error message). */
export function CommandAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('record-dialog');
  const { kind, message } = commandFailure(error);
  const title = {
    conflict: t('failure.conflict'),
    notPermitted: t('failure.notPermitted'),
    error: t('failure.error'),
  };
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={title[kind]} role="alert">
      {message}
    </Alert>
  );
}

interface FormDialogProps {
  title: ReactNode;
  size?: MantineSize | number;
  onClose: () => void;
  /** Enter (in a field), Ctrl/Cmd+S and the submit button run it; nothing while `busy`. */
  onSubmit: () => void;
  submitLabel: string;
  /** False: read-only, only Close shows. */
  editable?: boolean;
  busy: boolean;
  canSubmit?: boolean;
  /** The last failure, null when none. */
  error: unknown;
  /** Left-aligned footer actions (e.g. Delete). */
  leading?: ReactNode;
  children: ReactNode;
}

/**
 * The administration dialogs' chrome: a form (Enter submits), Ctrl+S, the failure alert, Close and
 * the submit button. Mount it only while open, so it starts afresh; mark the first field data-autofocus.
 */
export function FormDialog({
  title,
  size = 'md',
  onClose,
  onSubmit,
  submitLabel,
  editable = true,
  busy,
  canSubmit = true,
  error,
  leading,
  children,
}: FormDialogProps) {
  const { t } = useTranslation('record-dialog');
  useReturnFocus();
  const submit = () => {
    if (editable && !busy && canSubmit) onSubmit();
  };
  useHotkeys([[hotkeyOf('save'), submit]], []);
  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      title={title}
      size={size}
      closeButtonProps={{ 'aria-label': t('closeDialog') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {children}
        <DialogFooter
          alert={error !== null && <CommandAlert error={error} />}
          leading={leading}
          busy={busy}
          onClose={onClose}
        >
          {editable && (
            <Button type="submit" loading={busy} disabled={!canSubmit}>
              {submitLabel}
            </Button>
          )}
        </DialogFooter>
      </form>
    </Modal>
  );
}

/** The form a dialog's commands come from: a refusal's field errors go onto it. */
interface CommandForm {
  values: unknown;
  errors: Record<string, unknown>;
  setErrors: (errors: Record<string, string>) => void;
}

interface Failure {
  error: unknown;
  /** The form paths its field errors marked. */
  marked: readonly string[];
  /** The form's values when it failed. */
  values: unknown;
}

/**
 * Runs a dialog's commands: `busy` while one runs, the failure for the alert, and Idempotency-Keys that
 * stay the same for a retry of the same payload (keyedSender). `run` resolves true on success. Given the
 * `form`, a 400's field errors on its `fields` go onto it, and the alert goes once the user answered it
 * (alertOutlived): the marked fields fixed, or, when it marked none, the refused input edited.
 */
export function useCommandRun({
  form,
  fields = [],
}: { form?: CommandForm; fields?: readonly string[] } = {}) {
  const [send] = useState<KeyedSend>(() => keyedSender());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const run = async (steps: (send: KeyedSend) => Promise<void>, onError?: (e: unknown) => void) => {
    setBusy(true);
    setFailure(null);
    try {
      await steps(send);
      return true;
    } catch (e) {
      const errors = problemFieldErrors(e, fields);
      if (form && fields.length > 0) form.setErrors(errors);
      setFailure({ error: e, marked: Object.keys(errors), values: form?.values });
      onError?.(e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const answered =
    failure !== null &&
    form !== undefined &&
    alertOutlived(
      failure.marked,
      form.errors,
      inputRefused(failure.error) && !sameValues(form.values, failure.values),
    );
  const error = failure === null || answered ? null : failure.error;
  return { run, busy, error, clearError: () => setFailure(null) };
}

interface ConfirmProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  /** Wider for a confirmation that shows what it will do (an impact preview). */
  size?: MantineSize;
  busy: boolean;
  /** The command was refused (the reason shows in `children`): Cancel reads Close, confirm is off. */
  refused?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A confirmation above a dialog or page; Cancel has the focus, so Enter does not confirm by accident. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  color = 'red',
  size = 'sm',
  busy,
  refused = false,
  onCancel,
  onConfirm,
}: ConfirmProps) {
  const { t } = useTranslation('record-dialog');
  useReturnFocus();
  return (
    <Modal
      opened
      onClose={() => !busy && onCancel()}
      title={title}
      size={size}
      centered
      zIndex={300}
      closeButtonProps={{ 'aria-label': t('closeDialog') }}
    >
      {children}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {refused ? t('close') : t('cancel')}
        </Button>
        <Button color={color} onClick={onConfirm} loading={busy} disabled={refused}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
