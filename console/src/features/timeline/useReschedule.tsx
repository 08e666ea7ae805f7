import { useCallback, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { chainGaps, chainGroups, previewContext, previewOnChange } from '@fahrplan/contracts';
import type { ChainItem, ScheduleMove, TimelineItem } from '@fahrplan/contracts';
import { notify } from '../common/notify';
import { describeError, httpStatusOf } from '../common/problem';
import { offerUndo } from '../common/undo';
import { useLazyGetItemQuery } from '../items/itemsApi';
import { useLazyGetProjectQuery } from '../projects/details/projectDetailsApi';
import { usePreviewRescheduleMutation, useRescheduleMutation } from './rescheduleApi';
import type { RescheduleAnswer, RescheduleInput } from './rescheduleApi';
import type { ItemChange, ItemPlacement, Override } from './timelineChanges';
import { placementFromChange, placementOf } from './timelineChanges';

/** The most items a drag reads to preview in the browser; a longer chain is previewed by the server. */
export const maxPreviewFetch = 200;

/** The ghosts of the drag in progress, by item: where each successor would go. */
export type Ghosts = ReadonlyMap<number, ScheduleMove>;
const noGhosts: Ghosts = new Map();

interface Options {
  /** The items drawn now (overrides applied), as the drag saw them. */
  shownRef: RefObject<readonly TimelineItem[]>;
  setOverride: (id: number, override: Override | null) => void;
  setSaving: (id: number, saving: boolean) => void;
  refetch: () => void;
}

/**
 * Whether a project's items move with their predecessors: it schedules automatically and is the
 * tenant's own (a shared project's items constrain, as on the server, but never move). Its dialog's
 * record, read once and cached.
 */
function useAutomaticProjects() {
  const [getProject] = useLazyGetProjectQuery();
  return useCallback(
    async (group: number) => {
      const project = await getProject(group, true)
        .unwrap()
        .catch(() => null);
      return project?.scheduling === 'automatic' && !project.shared;
    },
    [getProject],
  );
}

/** A drag's preview: the rule's context gathered once, or null when the server previews instead. */
type Preview = ((moved: ScheduleMove) => ScheduleMove[]) | null;
/** A manual project's drop is a SaveItem that moves nothing else: no ghosts. */
const nothingMoves: Preview = () => [];

/**
 * What a drag's preview needs, gathered once at its start: the window's items, and those of the chain
 * beyond it (GET /api/items/<id>, level by level), and whether each project schedules automatically.
 * Null past `maxPreviewFetch` items read.
 */
function usePreviewGathering(shownRef: RefObject<readonly TimelineItem[]>) {
  const [getItem] = useLazyGetItemQuery();
  const automatic = useAutomaticProjects();
  return useCallback(
    async (from: TimelineItem): Promise<Preview> => {
      if (!(await automatic(from.group))) return nothingMoves;
      const known = new Map<number, ChainItem>(shownRef.current.map((i) => [i.id, i]));
      const unavailable = new Set<number>();
      let fetched = 0;
      for (
        let gaps = chainGaps(from.id, known);
        gaps.length > 0;
        gaps = chainGaps(from.id, known, unavailable)
      ) {
        fetched += gaps.length;
        if (fetched > maxPreviewFetch) return null;
        const read = await Promise.all(
          gaps.map((id) =>
            getItem(id, true)
              .unwrap()
              .catch(() => null),
          ),
        );
        read.forEach((item, i) => {
          if (item && !item.deleted) known.set(item.id, item);
          else unavailable.add(gaps[i]!);
        });
      }
      const groups = chainGroups(from.id, known);
      const modes = await Promise.all(groups.map(automatic));
      const automaticGroups = new Set(groups.filter((_, i) => modes[i]));
      return previewOnChange(previewContext(known.values(), automaticGroups, from.id));
    },
    [shownRef, getItem, automatic],
  );
}

/** The ghosts while an item of an automatic project is dragged (issue 21); Esc or the drop clears them. */
function useReschedulePreview(shownRef: RefObject<readonly TimelineItem[]>) {
  const gather = usePreviewGathering(shownRef);
  const [previewOnServer] = usePreviewRescheduleMutation();
  const [ghosts, setGhosts] = useState<Ghosts>(noGhosts);
  const drag = useRef<{ item: number; preview: Promise<Preview>; moved: ScheduleMove | null } | null>(null);
  /** The last ghosts shown and the move they are for, kept after the drop: what it draws until the answer. */
  const last = useRef<{ moved: ScheduleMove; ghosts: Ghosts } | null>(null);

  const show = useCallback((item: number, moved: ScheduleMove, moves: readonly ScheduleMove[]) => {
    // a late answer for a date the drag has left is not shown
    if (drag.current?.item !== item || drag.current.moved !== moved) return;
    last.current = { moved, ghosts: new Map(moves.map((m) => [m.item, m])) };
    setGhosts(last.current.ghosts);
  }, []);

  const onItemPreview = useCallback(
    (item: TimelineItem, change: ItemChange | null) => {
      if (change === null) {
        drag.current = null;
        setGhosts(noGhosts);
        return;
      }
      // a drop into another lane is a SaveItem (a Reschedule changes dates only): nothing else moves
      if (change.group !== item.group || change.subgroup !== item.subgroup) {
        if (drag.current) drag.current.moved = null;
        last.current = null;
        setGhosts(noGhosts);
        return;
      }
      if (drag.current?.item !== item.id) {
        last.current = null;
        drag.current = { item: item.id, preview: gather(item), moved: null };
      }
      const { start, end } = placementFromChange(change);
      if (drag.current.moved?.start === start && drag.current.moved.end === end) return;
      const moved: ScheduleMove = { item: item.id, start, end };
      drag.current.moved = moved;
      void drag.current.preview.then(async (preview) => {
        if (preview) show(item.id, moved, preview(moved));
        else {
          const answer = await previewOnServer({ moves: [{ ...moved, version: item.version }] })
            .unwrap()
            .catch(() => null);
          if (answer) show(item.id, moved, answer.moves.slice(1));
        }
      });
    },
    [gather, previewOnServer, show],
  );

  return { ghosts, onItemPreview, lastGhosts: last };
}

/**
 * The drops of items in automatic projects (issue 21): one Reschedule with cascade, named by a UUID
 * that a retry reuses; every moved bar is drawn from the preview, then from the answer, together; a
 * conflict names the items and puts the bars back. Its undo is one Reschedule of the reverse moves.
 */
export function useReschedule({ shownRef, setOverride, setSaving, refetch }: Options) {
  const { t } = useTranslation('timeline');
  const [send] = useRescheduleMutation();
  const automatic = useAutomaticProjects();
  const { ghosts, onItemPreview, lastGhosts } = useReschedulePreview(shownRef);

  /** Draws the moves on the shown items (one render: React batches the updates). */
  const draw = useCallback(
    (moves: readonly (ScheduleMove & { version: number })[], confirmed: boolean) => {
      for (const move of moves) {
        const shown = shownRef.current.find((i) => i.id === move.item);
        if (!shown) continue;
        const placement: ItemPlacement = { ...placementOf(shown), start: move.start, end: move.end };
        setOverride(move.item, { placement, version: move.version, confirmed });
      }
    },
    [shownRef, setOverride],
  );

  /** Sends one reschedule, retried once with the same id when the answer was lost; null when refused. */
  const commit = useCallback(
    async (
      label: string,
      command: RescheduleInput,
      drawn: readonly (ScheduleMove & { version: number })[],
    ): Promise<RescheduleAnswer | null> => {
      draw(drawn, false);
      for (const move of drawn) setSaving(move.item, true);
      const attempt = () => send(command).unwrap();
      try {
        const answer = await attempt().catch((failure: unknown) => {
          if (httpStatusOf(failure) !== null) throw failure;
          return attempt();
        });
        for (const move of drawn) setOverride(move.item, null);
        draw(answer.moves, true);
        return answer;
      } catch (failure) {
        for (const move of drawn) setOverride(move.item, null);
        notify({ color: 'orange', title: label, message: describeError(failure), urgent: true });
        refetch();
        return null;
      } finally {
        for (const move of drawn) setSaving(move.item, false);
      }
    },
    [draw, send, setOverride, setSaving, refetch],
  );

  /**
   * The drop of `item` at `next`: a Reschedule when its project schedules automatically and the drop
   * keeps its lane (a Reschedule changes dates only); false when SaveItem is the way, as before.
   */
  const drop = useCallback(
    async (item: TimelineItem, before: ItemPlacement, next: ItemChange): Promise<boolean> => {
      const after = placementFromChange(next);
      const preview = lastGhosts.current;
      const ghostsAtDrop =
        preview?.moved.item === item.id &&
        preview.moved.start === after.start &&
        preview.moved.end === after.end
          ? [...preview.ghosts.values()]
          : [];
      if (before.group !== after.group || before.subgroup !== after.subgroup) return false;
      if (!(await automatic(item.group))) return false;
      const moved = { item: item.id, version: item.version, start: after.start, end: after.end };
      const versions = new Map(shownRef.current.map((i) => [i.id, i.version]));
      const drawn = [moved, ...ghostsAtDrop.map((g) => ({ ...g, version: versions.get(g.item) ?? 0 }))];
      const command = { id: crypto.randomUUID(), moves: [moved], cascade: true };
      const answer = await commit(item.title, command, drawn);
      if (answer && answer.moves.length > 0) {
        const reverse = answer.moves.map((m) => ({ item: m.item, version: m.version, ...m.before }));
        offerUndo(t('reschedule.moved', { count: answer.moves.length }), {
          label: item.title,
          undo: async () =>
            (await commit(
              item.title,
              { id: crypto.randomUUID(), moves: reverse, cascade: false },
              reverse,
            )) !== null,
        });
      }
      return true;
    },
    [automatic, commit, lastGhosts, shownRef, t],
  );

  return { ghosts, onItemPreview, drop };
}
