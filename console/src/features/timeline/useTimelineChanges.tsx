import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimelineItem } from '@fahrplan/contracts';
import { notify, notifyError } from '../common/notify';
import { describeError, httpStatusOf } from '../common/problem';
import { offerUndo } from '../common/undo';
import { useLazyGetItemQuery, useSaveItemMutation } from '../items/itemsApi';
import {
  applyOverrides,
  overrideSettled,
  placementFromChange,
  placementOf,
  saveForPlacement,
  undoSave,
} from './timelineChanges';
import type { ItemChange, ItemPlacement, Override, PlacementSave, UndoEntry } from './timelineChanges';
import { useReschedule } from './useReschedule';

/** The items whose override the read side has caught up with. */
const settledIds = (
  serverItems: readonly TimelineItem[] | undefined,
  overrides: ReadonlyMap<number, Override>,
): number[] => {
  if (!serverItems || overrides.size === 0) return [];
  const versions = new Map(serverItems.map((i) => [i.id, i.version]));
  return [...overrides].filter(([id, o]) => overrideSettled(versions.get(id) ?? -1, o)).map(([id]) => id);
};

/** The items drawn where the user put them (overrides) while their saves run or the read side catches up. */
function useOverrides(serverItems: readonly TimelineItem[] | undefined) {
  const [overrides, setOverrides] = useState<ReadonlyMap<number, Override>>(new Map());
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  // overrides the read side has caught up with go, in the same render (no extra commit for them)
  const settled = useMemo(() => settledIds(serverItems, overrides), [serverItems, overrides]);
  if (settled.length > 0)
    setOverrides((current) => {
      const next = new Map(current);
      for (const id of settled) next.delete(id);
      return next;
    });

  const setOverride = useCallback(
    (id: number, override: Override | null) =>
      setOverrides((current) => {
        const next = new Map(current);
        if (override) next.set(id, override);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const setSaving = useCallback(
    (id: number, saving: boolean) =>
      setPending((current) => {
        const next = new Set(current);
        if (saving) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const shownItems = useMemo(() => applyOverrides(serverItems ?? [], overrides), [serverItems, overrides]);
  return { shownItems, pending, setOverride, setSaving };
}

/**
 * The timeline's changes by drag, resize and keys: each one SaveItem, drawn where it was dropped while
 * it saves; a conflict reloads the window and says why. Each goes on the session's undo stack (its
 * notice's Undo, or Ctrl+Z, takes back the user's changes, last first).
 */
export function useTimelineChanges(serverItems: readonly TimelineItem[] | undefined, refetch: () => void) {
  const { t } = useTranslation('timeline');
  const [saveItem] = useSaveItemMutation();
  const [getItem] = useLazyGetItemQuery();
  const { shownItems, pending, setOverride, setSaving } = useOverrides(serverItems);
  const shownRef = useRef(shownItems);
  useLayoutEffect(() => {
    shownRef.current = shownItems;
  }, [shownItems]);
  // items of automatic projects (issue 21): a drop moves their successors too, previewed while dragging
  const { drop, ghosts, onItemPreview } = useReschedule({ shownRef, setOverride, setSaving, refetch });

  /** Sends one placement change; true when saved. A conflict reloads the window and says why. */
  const send = useCallback(
    async (title: string, save: PlacementSave, after: ItemPlacement): Promise<boolean> => {
      setOverride(save.id, { placement: after, version: save.version, confirmed: false });
      setSaving(save.id, true);
      try {
        const result = await saveItem({ data: save, idempotencyKey: crypto.randomUUID() }).unwrap();
        setOverride(save.id, { placement: after, version: result.version, confirmed: true });
        return true;
      } catch (failure) {
        setOverride(save.id, null);
        if (httpStatusOf(failure) === 409) {
          notify({ color: 'orange', title, message: t('changes.conflict'), urgent: true });
          refetch();
        } else notifyError(describeError(failure));
        return false;
      } finally {
        setSaving(save.id, false);
      }
    },
    [saveItem, refetch, setOverride, setSaving, t],
  );

  /** Saves the item where it was before `entry`'s change, as a new command; true when saved. */
  const undo = useCallback(
    async (entry: UndoEntry): Promise<boolean> => {
      // the version the user's item has now: the drawn one, else (scrolled away) the server's
      const drawn = shownRef.current.find((i) => i.id === entry.id);
      const version =
        drawn?.version ??
        (
          await getItem(entry.id)
            .unwrap()
            .catch(() => null)
        )?.version;
      if (version === undefined) {
        notifyError(t('changes.notFound', { title: entry.title }));
        return false;
      }
      return send(entry.title, undoSave(entry, version), entry.before);
    },
    [getItem, send, t],
  );

  const change = useCallback(
    async (item: TimelineItem, next: ItemChange) => {
      const before = placementOf(item);
      const after = placementFromChange(next);
      const save = saveForPlacement(item, before, after);
      if (!save) return;
      if (await drop(item, before, next)) return;
      if (await send(item.title, save, after)) {
        const entry: UndoEntry = { id: item.id, title: item.title, before, after };
        offerUndo(t('changes.saved', { title: item.title }), { label: item.title, undo: () => undo(entry) });
      }
    },
    [send, undo, drop, t],
  );

  return { shownItems, pending, change, ghosts, onItemPreview };
}
