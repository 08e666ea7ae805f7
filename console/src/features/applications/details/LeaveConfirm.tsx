import { Button, Group, Modal, Text } from '@mantine/core';

interface Props {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/** §2 "Closing with unsaved changes asks for confirmation"; a Modal.Stack member above the dialog. */
export function LeaveConfirm({ opened, onStay, onLeave }: Props) {
  return (
    <Modal
      stackId="leave-confirm"
      opened={opened}
      onClose={onStay}
      title="Discard changes?"
      size="sm"
      centered
    >
      <Text size="sm">The application has unsaved changes. Close it anyway?</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onStay} data-autofocus>
          Keep editing
        </Button>
        <Button color="red" onClick={onLeave}>
          Discard changes
        </Button>
      </Group>
    </Modal>
  );
}
