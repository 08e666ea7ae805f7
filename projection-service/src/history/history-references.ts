/** The records a history page refers to, and their names over time. */
import {
  referenceKey,
  scenarioOfSource,
  referenceOf,
  referencedIds,
  defaultCalendarName,
} from '@fahrplan/contracts';
import type {
  HistoryCategory,
  HistoryRow,
  ReferenceCategory,
  ReferenceName,
  StoredEvent,
} from '@fahrplan/contracts';
import { isVisible } from '../groups/visible-groups';
import type { ReadDocument } from '../read-store/read-store';
import { historyFolds } from './history-folds';
import type { State } from './history-folds';

/** How many referenced records one history page names at most; any beyond show by their ids. */
export const maxPageReferences = 100;

/** The records the changes of `rows` (of a `category` record) refer to, by `referenceKey`. */
export const referencesOf = (
  category: HistoryCategory,
  rows: readonly HistoryRow[],
): Map<string, { readonly category: ReferenceCategory; readonly id: number }> => {
  const references = new Map<string, { category: ReferenceCategory; id: number }>();
  for (const row of rows) {
    if (row.via) references.set(referenceKey(row.via.category, row.via.id), row.via);
    // a change published from a scenario shows the scenario's name (issue 22)
    const scenario = scenarioOfSource(row.source);
    if (scenario !== null)
      references.set(referenceKey('scenario', scenario), { category: 'scenario', id: scenario });
    for (const change of row.changes) {
      const kind = referenceOf(category, change.field);
      if (kind === undefined) continue;
      for (const id of [...referencedIds(change.before), ...referencedIds(change.after)])
        references.set(referenceKey(kind, id), { category: kind, id });
    }
  }
  return references;
};

/** The name a record shows by: a project's or an item's title, anything else's name. */
const nameOf = (state: State): string | null =>
  typeof state?.title === 'string' ? state.title : typeof state?.name === 'string' ? state.name : null;

/** The default calendar's names (issue 24): Bern since always, before any event of its own renamed it. */
export const defaultCalendarNames = (named: readonly ReferenceName[]): ReferenceName[] =>
  named[0]?.name === defaultCalendarName
    ? [{ ...named[0], position: 0 }, ...named.slice(1)]
    : [{ position: 0, name: defaultCalendarName }, ...named];

/** The names a record's events gave it, each from the position it took effect, oldest first. */
export const namesOf = (category: HistoryCategory, events: readonly StoredEvent[]): ReferenceName[] => {
  const names: ReferenceName[] = [];
  let state: State = null;
  for (const event of events) {
    state = historyFolds[category](state, event);
    const name = nameOf(state);
    if (name !== null && name !== names.at(-1)?.name) names.push({ position: event.position, name });
  }
  return names;
};

/**
 * The names another tenant's project (a shared parent) gave `viewer` over its history (issue 19): its
 * title while shared with `viewer` and accepted, not deleted (what GET /api/groups/:id answers
 * `viewer`); otherwise only whose it is, so that a row never shows a name its viewer might not see.
 */
export const foreignProjectNames = (events: readonly StoredEvent[], viewer: string): ReferenceName[] => {
  const tenant = events[0]?.metadata.tenant;
  if (tenant === undefined || tenant === viewer) return [];
  const names: ReferenceName[] = [];
  let state: State = null;
  for (const event of events) {
    state = historyFolds.group(state, event);
    // the folded state is the read model's document, as isVisible reads it
    const name = state && isVisible(state as unknown as ReadDocument, viewer) ? nameOf(state) : null;
    if (names.length === 0 || name !== names.at(-1)!.name)
      names.push({ position: event.position, name, tenant });
  }
  return names;
};
