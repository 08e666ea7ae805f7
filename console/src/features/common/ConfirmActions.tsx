import { Button, Group } from '@mantine/core';

/** The button that confirms: its label, what it does, and how it looks meanwhile. */
export interface ConfirmAction {
  label: string;
  onConfirm: () => void;
  loading: boolean;
  color?: string;
  disabled?: boolean;
}

/**
 * A confirmation's buttons: Cancel first and focused, so that Enter right after opening confirms
 * nothing; then the confirming button, unless there is nothing to confirm (`confirm` null).
 */
export function ConfirmActions({
  cancelLabel,
  onCancel,
  confirm,
}: {
  cancelLabel: string;
  onCancel: () => void;
  confirm: ConfirmAction | null;
}) {
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onCancel} data-autofocus>
        {cancelLabel}
      </Button>
      {confirm && (
        <Button
          color={confirm.color}
          onClick={confirm.onConfirm}
          loading={confirm.loading}
          disabled={confirm.disabled}
        >
          {confirm.label}
        </Button>
      )}
    </Group>
  );
}
