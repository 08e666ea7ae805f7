import { DeleteButton } from '../../common/ConfirmDelete';
import { notifySuccess } from '../../common/notify';
import { useDeleteApplicationMutation } from '../applicationsApi';
import type { ApplicationRecord } from './applicationForm';

interface Props {
  record: ApplicationRecord;
  name: string;
  disabled: boolean;
  onDeleted: () => void;
}

/** Soft delete with a confirmation; a refusal (a stale version answers 409) shows in the confirmation. */
export function DeleteApplication({ record, name, disabled, onDeleted }: Props) {
  const [remove] = useDeleteApplicationMutation();
  return (
    <DeleteButton
      title="Delete application?"
      confirmLabel="Delete application"
      consequences={`${name} will no longer be listed.`}
      undoable={false}
      disabled={disabled}
      onConfirm={async () => {
        await remove({
          data: { id: record.id, version: record.version },
          idempotencyKey: crypto.randomUUID(),
        }).unwrap();
        notifySuccess('application delete success');
        onDeleted();
      }}
    />
  );
}
