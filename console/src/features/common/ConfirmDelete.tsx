import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmActions } from './ConfirmActions';
import { useConfirmedAction } from './useConfirmedAction';

export interface ConfirmDeleteProps {
  opened: boolean;
  /** The modal's title, e.g. "Delete project?". */
  title: string;
  /** The confirm button's label, e.g. "Delete project". */
  confirmLabel: string;
  /** What goes with the record ("Deletes the project, its 12 items and 3 lanes"); rendered only while open. */
  consequences: ReactNode;
  /** Why the record cannot be deleted now: shown instead of the confirm button. */
  refusal?: string | null;
  /** Sends the delete; a failure (the server's refusal) shows in the modal, which stays open. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/**
 * The confirmation of a delete: what goes with the record, or why it cannot go. Cancel has the focus,
 * so Enter right after opening deletes nothing; Escape closes.
 */
export function ConfirmDelete({
  opened,
  title,
  confirmLabel,
  consequences,
  refusal,
  onConfirm,
  onClose,
}: ConfirmDeleteProps) {
  const { t } = useTranslation('common');
  // one stack entry per confirmation: several (a row each) may sit in one dialog
  const stackId = `delete-confirm-${useId()}`;
  const { busy, error, close, run: confirm } = useConfirmedAction(onConfirm, onClose);
  const reason = refusal ?? error;
  return (
    // in a record dialog's Modal.Stack it stacks above the dialog, which keeps Escape to itself; it
    // stays mounted, so that closing leaves the stack (the modal's content mounts only while open)
    <Modal stackId={stackId} opened={opened} onClose={close} title={title} size="md" centered>
      <Stack gap="sm">
        <Text size="sm">{consequences}</Text>
        {reason && (
          <Alert
            color="red"
            role="alert"
            title={refusal ? t('confirmDelete.refused') : t('confirmDelete.failed')}
          >
            {reason}
          </Alert>
        )}
        {!refusal && (
          <Text size="xs" c="dimmed">
            {t('confirmDelete.recorded')}
          </Text>
        )}
      </Stack>
      <ConfirmActions
        cancelLabel={t('cancel')}
        onCancel={close}
        confirm={
          refusal
            ? null
            : { label: confirmLabel, onConfirm: () => void confirm(), loading: busy, color: 'red' }
        }
      />
    </Modal>
  );
}

/** A Delete button that opens its confirmation. */
export function DeleteButton({
  disabled,
  ...confirm
}: Omit<ConfirmDeleteProps, 'onClose' | 'opened'> & { disabled?: boolean }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={() => setOpen(true)}
        disabled={disabled}
      >
        {t('delete')}
      </Button>
      <ConfirmDelete {...confirm} opened={open} onClose={() => setOpen(false)} />
    </>
  );
}
