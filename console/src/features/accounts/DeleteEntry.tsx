import { useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { AccountEntry } from '@fahrplan/contracts';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { deleteWithUndo } from '../common/undo';
import { useAddAccountEntriesMutation, useRemoveAccountEntryMutation } from './accountsApi';

/** "PLAN 2026", or "PLAN" without a period: how the notices and labels name an entry. */
export const entryName = ({ sicht, periode }: Pick<AccountEntry, 'sicht' | 'periode'>) =>
  periode ? `${sicht} ${periode}` : sicht;

/**
 * An entry row's delete: RemoveAccountEntry after a confirmation; Undo records the entry again
 * (AddAccountEntries), a new fact beside the removal.
 */
export function DeleteEntry({ accountId, entry }: { accountId: number; entry: AccountEntry }) {
  const [open, setOpen] = useState(false);
  const [remove] = useRemoveAccountEntryMutation();
  const [add] = useAddAccountEntriesMutation();
  const name = entryName(entry);
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="red"
        size="sm"
        aria-label={`Delete entry ${name}`}
        onClick={() => setOpen(true)}
      >
        <IconTrash size={14} />
      </ActionIcon>
      <ConfirmDelete
        opened={open}
        title="Delete account entry?"
        confirmLabel="Delete entry"
        consequences={`Deletes the entry ${name}${entry.amount === null ? '' : ` (amount ${entry.amount})`} from the account; the budget no longer counts it.`}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          deleteWithUndo({
            message: `Deleted entry: ${name}`,
            label: `Entry ${name}`,
            remove: () =>
              remove({
                data: { accountId, sicht: entry.sicht, periode: entry.periode },
                idempotencyKey: crypto.randomUUID(),
              }).unwrap(),
            restore: () =>
              add({ data: { accountId, entries: [entry] }, idempotencyKey: crypto.randomUUID() }).unwrap(),
          })
        }
      />
    </>
  );
}
