import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify, notifyError } from './notify';
import { describeError } from './problem';
import { popUndo, pushUndo } from './undoStack';

/**
 * A change the user made in this session that a new command can take back (a drag saved again where
 * it was, a delete restored): the log keeps both, undo never rewrites it.
 */
export interface Undoable {
  /** What the notices name: the item's or project's title. */
  readonly label: string;
  /** Sends the commands that take the change back; false when that failed (it has said why). */
  readonly undo: () => Promise<boolean>;
}

// The notices are shown outside any component (Ctrl+Z, a command's answer): each one reads its text
// from the catalogue as it renders, in the language shown then.
function NothingToUndo() {
  const { t } = useTranslation('common');
  return t('undo.nothing');
}

function Undone({ label }: { label: string }) {
  const { t } = useTranslation('common');
  return t('undo.done', { label });
}

function NotRestored({ label, failure }: { label: string; failure: unknown }) {
  const { t } = useTranslation('common');
  return t('undo.failed', { label, detail: describeError(failure) });
}

function UndoOffer({ message }: { message: string }) {
  const { t } = useTranslation('common');
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm">{message}</Text>
      <Button size="compact-xs" variant="light" onClick={() => void undoLast()}>
        {t('undo.undo')}
      </Button>
    </Group>
  );
}

/** A change taken back by one command (a restore): a refusal says why and leaves nothing undone. */
const undoByCommand = (label: string, send: () => Promise<unknown>): Undoable => ({
  label,
  undo: async () => {
    try {
      await send();
      return true;
    } catch (failure) {
      notifyError(<NotRestored label={label} failure={failure} />);
      return false;
    }
  },
});

const undoNoticeId = 'undo';
/** The session's changes, last on top: one stack for the timeline's drags and every delete. */
let session: Undoable[] = [];

/** The one undo notice, replaced (Mantine ignores a notice whose id is shown already). */
const showUndoNotice = (message: ReactNode) => notify({ id: undoNoticeId, message });

/** Takes back the last change the user made, if any, and says so. */
export async function undoLast(): Promise<void> {
  const popped = popUndo(session);
  if (!popped) {
    showUndoNotice(<NothingToUndo />);
    return;
  }
  session = popped.rest;
  if (await popped.entry.undo()) showUndoNotice(<Undone label={popped.entry.label} />);
}

/** Records a change the user made and tells them, with an Undo button (Ctrl+Z does the same). */
export function offerUndo(message: string, change: Undoable): void {
  session = pushUndo(session, change);
  showUndoNotice(<UndoOffer message={message} />);
}

/**
 * Sends a delete, then offers its Undo: the restore command, at the version the delete answered (a
 * change in between makes the restore a conflict, which it says).
 */
export async function deleteWithUndo({
  message,
  label,
  remove,
  restore,
}: {
  /** The notice, e.g. "Deleted: Roll-out". */
  message: string;
  /** What the undo's notices name. */
  label: string;
  remove: () => Promise<{ readonly version: number }>;
  restore: (version: number) => Promise<unknown>;
}): Promise<void> {
  const { version } = await remove();
  offerUndo(
    message,
    undoByCommand(label, () => restore(version)),
  );
}
