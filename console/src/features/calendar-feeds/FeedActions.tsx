import { useState } from 'react';
import { Alert, Button, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmActions } from '../common/ConfirmActions';
import { useConfirmedAction } from '../common/useConfirmedAction';

/**
 * A button whose action is confirmed first (Cancel focused, Escape closes); a failure shows in the
 * confirmation, which stays open.
 */
export function ConfirmedButton({
  label,
  icon,
  color,
  title,
  text,
  confirmLabel,
  onConfirm,
}: {
  /** The button's accessible name (it may name the feed). */
  label: string;
  icon: ReactNode;
  color?: string;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const { busy, error, close, run: confirm } = useConfirmedAction(onConfirm, () => setOpen(false));
  return (
    <>
      <Button variant="subtle" color={color} size="xs" leftSection={icon} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal opened={open} onClose={close} title={title} centered>
        <Text size="sm">{text}</Text>
        {error && (
          <Alert color="red" role="alert" mt="sm">
            {error}
          </Alert>
        )}
        <ConfirmActions
          cancelLabel={t('cancel')}
          onCancel={close}
          confirm={{ label: confirmLabel, onConfirm: () => void confirm(), loading: busy, color }}
        />
      </Modal>
    </>
  );
}
