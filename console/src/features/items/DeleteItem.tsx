import { DeleteButton } from '../common/ConfirmDelete';
import { offerUndo, undoByCommand } from '../common/undo';
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
        const deleted = await remove({ data: record, idempotencyKey: crypto.randomUUID() }).unwrap();
        onDeleted();
        offerUndo(
          `Deleted: ${title}`,
          undoByCommand(title, () =>
            restore({
              data: { id: record.id, version: deleted.version },
              idempotencyKey: crypto.randomUUID(),
            }).unwrap(),
          ),
        );
      }}
    />
  );
}
