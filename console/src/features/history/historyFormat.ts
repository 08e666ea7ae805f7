import {
  defaultOptionLists,
  endFromServer,
  isServerDate,
  isServerDateTime,
  itemEndFromServer,
  optionLabel,
  optionListFields,
  optionListKinds,
  parseStreamName,
} from '@fahrplan/contracts';
import type { HistoryChange, HistoryRow, OptionListKind, OptionLists } from '@fahrplan/contracts';
import { formatDateTime } from '../common/dateTime';
import { summariseValue } from '../common/summariseValue';

/** When a change was made, in the user's time zone: the console's DD.MM.YYYY, with seconds to tell saves apart. */
export const formatChangeTime = (at: string): string => formatDateTime(at, { seconds: 'always' });

export type SourceKind = 'flow' | 'share' | 'tracker' | 'system' | 'other';

/** A history row's source as a badge: what it says and how it looks. */
export interface SourceBadge {
  readonly kind: SourceKind;
  readonly label: string;
  readonly color: string;
}

const systemSources: Readonly<Record<string, string>> = {
  provisioning: 'provisioning',
  invitation: 'invitation',
  auth: 'sign-in',
  oidc: 'single sign-on',
};

/**
 * Where a change came from when not typed by a person (metadata.source): `flow:save-project/step-2`
 * → "flow: save-project/step 2", `share:<tenant>` → "shared by <tenant>", `tracker:<connection>` →
 * "tracker: <connection>", the system's own ("provisioning"…). Null when the row has none.
 */
export const sourceBadge = (source: string | null): SourceBadge | null => {
  if (source === null || source.trim() === '') return null;
  const colon = source.indexOf(':');
  const [scheme, rest] = colon < 0 ? [source, ''] : [source.slice(0, colon), source.slice(colon + 1)];
  switch (scheme) {
    case 'flow':
      return {
        kind: 'flow',
        label: `flow: ${rest.replace(/(^|\/)step-(\d+)$/, '$1step $2')}`,
        color: 'blue',
      };
    case 'share':
      return { kind: 'share', label: `shared by ${rest}`, color: 'grape' };
    case 'tracker':
      return { kind: 'tracker', label: `tracker: ${rest}`, color: 'orange' };
  }
  const system = systemSources[source];
  return system
    ? { kind: 'system', label: system, color: 'gray' }
    : { kind: 'other', label: source, color: 'gray' };
};

/** The command that made a change and the event it recorded ("SaveGroup · GroupSaved"). */
export const describeCommand = (row: Pick<HistoryRow, 'command' | 'event'>): string =>
  row.command ? `${row.command} · ${row.event}` : row.event;

/** A text cut to `max` characters (on a word boundary when one is near) and whether anything was cut. */
export const truncateText = (text: string, max = 80): { text: string; truncated: boolean } => {
  const chars = [...text];
  if (chars.length <= max) return { text, truncated: false };
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return { text: `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`, truncated: true };
};

/** A change as the History tab lists it: its field and the before and after lines. */
export interface ChangeLine {
  readonly field: string;
  readonly before: string;
  readonly after: string;
}

/**
 * A field's value as the dialogs show it: an `end` is stored exclusive (the next day, or an item's
 * 00:00 of the next day) and shows as the last day, like the end date in the dialog.
 */
export const summariseFieldValue = (field: string, value: unknown): string => {
  if (field === 'end' && typeof value === 'string') {
    if (isServerDate(value)) return endFromServer(value)!;
    if (isServerDateTime(value)) return itemEndFromServer(value)!;
  }
  return summariseValue(value);
};

/** The option list that names a field of the records of `stream` (a project's status, …), if one does. */
export const optionKindOf = (stream: string, field: string): OptionListKind | undefined => {
  const { category } = parseStreamName(stream);
  return optionListKinds.find(
    (kind) => optionListFields[kind].record === category && optionListFields[kind].field === field,
  );
};

/** A change's values as the dialogs show them; a code by its label in the tenant's lists (issue 19). */
export const changeLine = (
  change: HistoryChange,
  stream = '',
  lists: OptionLists = defaultOptionLists,
): ChangeLine => {
  const kind = optionKindOf(stream, change.field);
  const shown = (value: unknown) =>
    kind && typeof value === 'number'
      ? optionLabel(lists, kind, value)
      : summariseFieldValue(change.field, value);
  return { field: change.field, before: shown(change.before), after: shown(change.after) };
};

/** What a project's history downloads are called. */
export const exportFileName = (projectId: number, kind: 'csv' | 'events'): string =>
  kind === 'csv' ? `project-${projectId}-history.csv` : `project-${projectId}-events.json`;

/** Where they come from under /api (GET, `history` VIEW). */
export const exportPath = (projectId: number, kind: 'csv' | 'events'): string =>
  `/history/group/${projectId}/${kind === 'csv' ? 'export.csv' : 'events.json'}`;

/** The media type a download is saved with. */
export const exportType = (kind: 'csv' | 'events'): string =>
  kind === 'csv' ? 'text/csv;charset=utf-8' : 'application/json';
