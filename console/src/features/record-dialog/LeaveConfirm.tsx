import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a record dialog edits: its confirmations name it. */
export type RecordSubject = 'application' | 'project' | 'item';

interface Props {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
  /** What has unsaved changes. */
  subject?: RecordSubject;
}

/** §2 "Closing with unsaved changes asks for confirmation"; a Modal.Stack member above the dialog. */
export function LeaveConfirm({ opened, onStay, onLeave, subject = 'application' }: Props) {
  const { t } = useTranslation('record-dialog');
  const unsaved: Record<RecordSubject, string> = {
    application: t('leaveConfirm.unsaved.application'),
    project: t('leaveConfirm.unsaved.project'),
    item: t('leaveConfirm.unsaved.item'),
  };
  return (
    <Modal
      stackId="leave-confirm"
      opened={opened}
      onClose={onStay}
      title={t('leaveConfirm.title')}
      size="sm"
      centered
    >
      <Text size="sm">{unsaved[subject]}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onStay} data-autofocus>
          {t('leaveConfirm.keepEditing')}
        </Button>
        <Button color="red" onClick={onLeave}>
          {t('leaveConfirm.discard')}
        </Button>
      </Group>
    </Modal>
  );
}
