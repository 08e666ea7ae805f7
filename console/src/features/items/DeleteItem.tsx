import { DeleteButton } from '../common/ConfirmDelete';
import { deleteWithUndo } from '../common/undo';
import { useDeleteItemMutation, useRestoreItemMutation } from './itemsApi';
import type { ItemRecord } from './itemForm';

interface Props {
  record: ItemRecord;
  title: string;
  milestone: boolean;
  disabled: boolean;
  onDeleted: () => void;
}

/** The item dialog's Delete: a soft delete with a confirmation, then Undo (RestoreItem) right after. */
export function DeleteItem({ record, title, milestone, disabled, onDeleted }: Props) {
  const [remove] = useDeleteItemMutation();
  const [restore] = useRestoreItemMutation();
  const kind = milestone ? 'milestone' : 'task';
  return (
    <DeleteButton
      title={`Delete ${kind}?`}
      confirmLabel={`Delete ${kind}`}
      consequences={`Deletes the ${kind} '${title}': it leaves its project and the timeline.`}
      disabled={disabled}
      onConfirm={async () => {
        await deleteWithUndo({
          message: `Deleted: ${title}`,
          label: title,
          remove: () => remove({ data: record, idempotencyKey: crypto.randomUUID() }).unwrap(),
          restore: (version) =>
            restore({ data: { id: record.id, version }, idempotencyKey: crypto.randomUUID() }).unwrap(),
        });
        onDeleted();
      }}
    />
  );
}
