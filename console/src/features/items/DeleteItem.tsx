import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../common/ConfirmDelete';
import { deleteWithUndo } from '../common/undo';
import { useDeleteItemMutation, useRestoreItemMutation } from './itemsApi';
import type { ItemRecord } from './itemForm';
import { sendOnce } from '../api/commands';

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
  const { t } = useTranslation('items');
  return (
    <DeleteButton
      title={milestone ? t('delete.milestone.title') : t('delete.task.title')}
      confirmLabel={milestone ? t('delete.milestone.confirm') : t('delete.task.confirm')}
      consequences={
        milestone ? t('delete.milestone.consequences', { title }) : t('delete.task.consequences', { title })
      }
      disabled={disabled}
      onConfirm={async () => {
        await deleteWithUndo({
          message: t('delete.deleted', { title }),
          label: title,
          remove: () => sendOnce(remove, record),
          restore: (version) => sendOnce(restore, { id: record.id, version }),
        });
        onDeleted();
      }}
    />
  );
}
