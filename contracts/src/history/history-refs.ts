import type { HistoryCategory } from './history-categories';

/*
 * Issue 19: a history row names the records its fields refer to (a project's parent, an item's
 * project, a resource, an account, goals, applications) as they were named at that row's instant.
 */

/** The kinds of record a history field (or a row's source: a scenario's publish) may refer to. */
export const referenceCategories = [
  'group',
  'application',
  'resource',
  'account',
  'goal',
  'item',
  'scenario',
  /** Issue 24: a project's or a resource's calendar. */
  'calendar',
] as const;
export type ReferenceCategory = (typeof referenceCategories)[number];

/** The fields of a record that refer to other records, per history category, and to what kind. */
export const referenceFields: Partial<
  Readonly<Record<HistoryCategory, Readonly<Record<string, ReferenceCategory>>>>
> = {
  group: {
    parent: 'group',
    resource: 'resource',
    account: 'account',
    applications: 'application',
    goals: 'goal',
    calendar: 'calendar',
  },
  resource: { calendar: 'calendar' },
  // an item's dependencies (issue 21) name the item at their other end
  item: { group: 'group', resource: 'resource', predecessors: 'item', successors: 'item' },
  application: { parent: 'application', account: 'account' },
};

/** The kind of record `field` of a `category` record refers to, if it is a reference. */
export const referenceOf = (category: string, field: string): ReferenceCategory | undefined =>
  referenceFields[category as HistoryCategory]?.[field];

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** The id an element of a list of references names: itself, a goal value's `goalId`, a dependency's `item`. */
const elementId = (element: unknown): number[] => {
  if (isId(element)) return [element];
  if (typeof element !== 'object' || element === null) return [];
  const { goalId, item } = element as { goalId?: unknown; item?: unknown };
  return isId(goalId) ? [goalId] : isId(item) ? [item] : [];
};

/**
 * The ids a reference field's value names: an id, a list of ids, a project's goal values' `goalId`s,
 * or an item's dependencies' other `item`s.
 */
export const referencedIds = (value: unknown): number[] => {
  if (isId(value)) return [value];
  return Array.isArray(value) ? value.flatMap(elementId) : [];
};

/** The scenario a change was published from (issue 22): its source `scenario:<id>`; null for any other. */
export const scenarioOfSource = (source: string | null): number | null => {
  const match = /^scenario:([1-9]\d{0,14})$/.exec(source ?? '');
  return match ? Number(match[1]) : null;
};

/** A referenced record's key in a history page's `refs`: `group:12`. */
export const referenceKey = (category: ReferenceCategory, id: number): string => `${category}:${id}`;

/**
 * A name a referenced record took at a position of the log (each until the next one). Another tenant's
 * project (a shared parent) carries its `tenant`, and its name only while the viewing tenant may see it
 * (shared with it and accepted, not deleted); otherwise `name` is null.
 */
export interface ReferenceName {
  readonly position: number;
  readonly name: string | null;
  readonly tenant?: string;
}

/**
 * What a page says of a referenced record at `position`: the entry taken last at or before it (the
 * first one when it was named only later); null when the page does not know the record.
 */
export const referenceAt = (
  names: readonly ReferenceName[] | undefined,
  position: number,
): ReferenceName | null => {
  if (!names || names.length === 0) return null;
  let found = names[0]!;
  for (const entry of names) if (entry.position <= position) found = entry;
  return found;
};

/** The name a referenced record had at `position`; null when the page does not know it or the viewer may not see it. */
export const nameAt = (names: readonly ReferenceName[] | undefined, position: number): string | null =>
  referenceAt(names, position)?.name ?? null;
