import { Button, Group, Modal, Text } from '@mantine/core';

interface Props {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
  /** What has unsaved changes, e.g. 'project'. */
  subject?: string;
}

/** §2 "Closing with unsaved changes asks for confirmation"; a Modal.Stack member above the dialog. */
export function LeaveConfirm({ opened, onStay, onLeave, subject = 'application' }: Props) {
  return (
    <Modal
      stackId="leave-confirm"
      opened={opened}
      onClose={onStay}
      title="Discard changes?"
      size="sm"
      centered
    >
      <Text size="sm">The {subject} has unsaved changes. Close it anyway?</Text>
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
