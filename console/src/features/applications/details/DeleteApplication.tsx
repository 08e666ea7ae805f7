import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../common/ConfirmDelete';
import { deleteWithUndo } from '../../common/undo';
import { useDeleteApplicationMutation, useRestoreApplicationMutation } from '../applicationsApi';
import type { ApplicationRecord } from './applicationForm';
import { sendOnce } from '../../api/commands';

interface Props {
  record: ApplicationRecord;
  name: string;
  disabled: boolean;
  onDeleted: () => void;
}

/**
 * Soft delete with a confirmation, then Undo (RestoreApplication) right after; a refusal (a stale
 * version answers 409) shows in the confirmation.
 */
export function DeleteApplication({ record, name, disabled, onDeleted }: Props) {
  const { t } = useTranslation('applications');
  const [remove] = useDeleteApplicationMutation();
  const [restore] = useRestoreApplicationMutation();
  return (
    <DeleteButton
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      consequences={t('delete.consequences', { name })}
      disabled={disabled}
      onConfirm={async () => {
        await deleteWithUndo({
          message: t('delete.done', { name }),
          label: name,
          remove: () => sendOnce(remove, { id: record.id, version: record.version }),
          restore: (version) => sendOnce(restore, { id: record.id, version }),
        });
        onDeleted();
      }}
    />
  );
}
