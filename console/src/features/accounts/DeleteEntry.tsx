import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountEntry } from '@fahrplan/contracts';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { RemoveButton } from '../common/RemoveButton';
import { deleteWithUndo } from '../common/undo';
import { useAddAccountEntriesMutation, useRemoveAccountEntryMutation } from './accountsApi';
import { sendOnce } from '../api/commands';

/** "PLAN 2026", or "PLAN" without a period: how the notices and labels name an entry. */
export const entryName = ({ sicht, periode }: Pick<AccountEntry, 'sicht' | 'periode'>) =>
  periode ? `${sicht} ${periode}` : sicht;

/**
 * An entry row's delete: RemoveAccountEntry after a confirmation; Undo records the entry again
 * (AddAccountEntries), a new fact beside the removal.
 */
export function DeleteEntry({ accountId, entry }: { accountId: number; entry: AccountEntry }) {
  const { t } = useTranslation('accounts');
  const [open, setOpen] = useState(false);
  const [remove] = useRemoveAccountEntryMutation();
  const [add] = useAddAccountEntriesMutation();
  const name = entryName(entry);
  return (
    <>
      <RemoveButton label={t('delete.button', { name })} size="sm" onClick={() => setOpen(true)} />
      <ConfirmDelete
        opened={open}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        consequences={
          entry.amount === null
            ? t('delete.consequences', { name })
            : t('delete.consequencesWithAmount', { name, amount: entry.amount })
        }
        onClose={() => setOpen(false)}
        onConfirm={() =>
          deleteWithUndo({
            message: t('delete.done', { name }),
            label: t('delete.undoLabel', { name }),
            remove: () => sendOnce(remove, { accountId, sicht: entry.sicht, periode: entry.periode }),
            restore: () => sendOnce(add, { accountId, entries: [entry] }),
          })
        }
      />
    </>
  );
}
