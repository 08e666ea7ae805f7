import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { notifySuccess } from '../../common/notify';
import { useDeleteApplicationMutation } from '../applicationsApi';
import type { ApplicationRecord } from './applicationForm';

interface Props {
  record: ApplicationRecord;
  name: string;
  disabled: boolean;
  onDeleted: () => void;
  onError: (error: unknown) => void;
}

/** Soft delete with a confirmation; a stale version answers 409 and shows in the dialog's alert. */
export function DeleteApplication({ record, name, disabled, onDeleted, onError }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [remove, { isLoading }] = useDeleteApplicationMutation();

  const confirm = async () => {
    try {
      await remove({ data: { id: record.id, version: record.version }, idempotencyKey }).unwrap();
      setConfirming(false);
      notifySuccess('application delete success');
      onDeleted();
    } catch (error) {
      setConfirming(false);
      onError(error);
    }
  };

  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={() => setConfirming(true)}
        disabled={disabled}
      >
        Delete
      </Button>
      <Modal
        stackId="delete-confirm"
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Delete application?"
        size="sm"
        centered
      >
        <Text size="sm">{name} will no longer be listed. Its history stays in the event log.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={isLoading}>
            Delete application
          </Button>
        </Group>
      </Modal>
    </>
  );
}
