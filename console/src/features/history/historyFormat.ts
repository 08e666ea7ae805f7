import {
  endFromServer,
  isServerDate,
  isServerDateTime,
  itemEndFromServer,
  parseStreamName,
  referenceAt,
  referenceKey,
  referenceOf,
  scenarioOfSource,
} from '@fahrplan/contracts';
import type {
  HistoryChange,
  HistoryPage,
  HistoryRow,
  OptionLists,
  ReferenceCategory,
} from '@fahrplan/contracts';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../common/dateTime';
import { fieldLabel, fieldWords, schedulingModeLabel } from '../common/fieldLabels';
import type { LabelledRecord } from '../common/fieldLabels';
import { diffList, listEntryLineText } from '../common/listDiff';
import type { ListEntryLine } from '../common/listDiff';
import { formatNumber } from '../common/numbers';
import { summariseValue } from '../common/summariseValue';
import { optionText } from '../options/optionData';

/** When a change was made, in the user's time zone: the console's DD.MM.YYYY, with seconds to tell saves apart. */
export const formatChangeTime = (at: string): string => formatDateTime(at, { seconds: 'always' });

export type SourceKind = 'flow' | 'share' | 'tracker' | 'scenario' | 'system' | 'other';

/** A history row's source as a badge: what it says and how it looks. */
export interface SourceBadge {
  readonly kind: SourceKind;
  readonly label: string;
  readonly color: string;
}

const systemSources: Readonly<Record<string, (t: TFunction) => string>> = {
  provisioning: (t) => t('history:source.provisioning'),
  invitation: (t) => t('history:source.invitation'),
  auth: (t) => t('history:source.signIn'),
  oidc: (t) => t('history:source.singleSignOn'),
};

/**
 * Where a change came from when not typed by a person (metadata.source): `flow:save-project/step-2`
 * → "flow: save-project/step 2", `share:<tenant>` → "shared by <tenant>", `tracker:<connection>` →
 * "tracker: <connection>", `scenario:<id>` → "from scenario <name>" (the page's `refs` name it), the
 * system's own ("provisioning"…). Null when the row has none.
 */
export const sourceBadge = (
  source: string | null,
  t: TFunction,
  row?: { readonly refs: HistoryPage['refs']; readonly position: number },
): SourceBadge | null => {
  if (source === null || source.trim() === '') return null;
  const colon = source.indexOf(':');
  const [scheme, rest] = colon < 0 ? [source, ''] : [source.slice(0, colon), source.slice(colon + 1)];
  switch (scheme) {
    case 'flow':
      return {
        kind: 'flow',
        label: t('history:source.flow', {
          flow: rest.replace(
            /(^|\/)step-(\d+)$/,
            (_, before: string, step: string) => `${before}${t('history:source.step', { step })}`,
          ),
        }),
        color: 'blue',
      };
    case 'share':
      return { kind: 'share', label: t('history:source.sharedBy', { tenant: rest }), color: 'grape' };
    case 'tracker':
      return { kind: 'tracker', label: t('history:source.tracker', { connection: rest }), color: 'orange' };
    case 'scenario': {
      const id = scenarioOfSource(source);
      if (id === null) break;
      const name = referenceAt(row?.refs?.[referenceKey('scenario', id)], row?.position ?? 0)?.name;
      return {
        kind: 'scenario',
        label: t('history:source.scenario', { name: name ?? `#${id}` }),
        color: 'teal',
      };
    }
  }
  const system = systemSources[source];
  return system
    ? { kind: 'system', label: system(t), color: 'gray' }
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

/** A record a history value links to: the dialog `?show-project=` or `?show-application=` opens. */
export interface RecordLink {
  readonly param: 'show-project' | 'show-application';
  readonly id: number;
}

/** A value as the History tab shows it, and the record it names, if the console can open that. */
export interface Shown {
  readonly text: string;
  readonly link: RecordLink | null;
}

/** One element of a list that a change added, removed or changed ("Goal Cloud first: 3 → 5"), its name with its link. */
export interface ListEntry extends Omit<ListEntryLine, 'name'> {
  readonly name: Shown;
}

/** A change as the History tab lists it: its field by the dialog's label, one value before and after, or a list's entries. */
export type ChangeLine =
  | {
      readonly kind: 'value';
      readonly field: string;
      readonly label: string;
      readonly before: Shown;
      readonly after: Shown;
    }
  | { readonly kind: 'list'; readonly field: string; readonly label: string; readonly entries: ListEntry[] };

/** What names a row's values: the row's record and instant, the tenant's lists, and the page's referenced records. */
export interface ChangeContext {
  readonly stream: string;
  /** The row's position: references are named as they were then. */
  readonly position: number;
  readonly lists: OptionLists;
  readonly refs: HistoryPage['refs'];
  /** The History tab's texts (the 'history' catalogue). */
  readonly t: TFunction;
}

/**
 * A field's value as the dialogs show it: an `end` is stored exclusive (the next day, or an item's
 * 00:00 of the next day) and shows as the last day, like the end date in the dialog; an amount as the
 * finance tab shows it (1'234.50); other numbers (codes, ratings, a cost centre) as they are.
 */
export const summariseFieldValue = (field: string, value: unknown): string => {
  if (field === 'end' && typeof value === 'string') {
    if (isServerDate(value)) return endFromServer(value)!;
    if (isServerDateTime(value)) return itemEndFromServer(value)!;
  }
  if (field === 'amount' && typeof value === 'number') return formatNumber(value, 2);
  return summariseValue(value);
};

/** The dialog that opens a referenced record, for those the console has a dialog of. */
const linkParam: Partial<Record<ReferenceCategory, RecordLink['param']>> = {
  group: 'show-project',
  application: 'show-application',
};

/**
 * A referenced record by its name at the row's position, with its link; another tenant's project the
 * viewer might not see then by its owner ("a project of <tenant>", no link); by its id when the page
 * names it not.
 */
export const referenceShown = (category: ReferenceCategory, id: number, context: ChangeContext): Shown => {
  const param = linkParam[category];
  const entry = referenceAt(context.refs?.[referenceKey(category, id)], context.position);
  if (entry?.name === null && entry.tenant !== undefined)
    return { text: context.t('history:projectOf', { tenant: entry.tenant }), link: null };
  return { text: entry?.name ?? `#${id}`, link: param ? { param, id } : null };
};

const plain = (text: string): Shown => ({ text, link: null });
const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const fieldOf = (element: unknown, key: string): unknown => (isRecord(element) ? element[key] : undefined);

/** How the elements of a listed field are told apart, named and valued. */
interface ListShape {
  readonly noun: (t: TFunction) => string;
  readonly key: (element: unknown) => string;
  readonly name: (element: unknown, context: ChangeContext) => Shown;
  /** The element's value besides its name; none when an element is only its name. */
  readonly value?: (element: unknown, t: TFunction) => string;
}

const ratingWords = (type: unknown) => fieldWords(String(type).toLowerCase());

/** A share's stored status as a word of the sentence ("pending"); an unknown one as it is stored. */
const shareStatusText = (status: unknown, t: TFunction): string => {
  switch (status) {
    case 'PENDING':
      return t('history:shareStatus.pending');
    case 'ACCEPTED':
      return t('history:shareStatus.accepted');
    case 'DECLINED':
      return t('history:shareStatus.declined');
    case 'REVOKED':
      return t('history:shareStatus.revoked');
  }
  return String(status).toLowerCase();
};

/** An item's dependency (issue 21): the item at its other end, then its type and lag ("finish-to-start +2 WD"). */
const dependencyShape: ListShape = {
  noun: (t) => t('history:noun.dependency'),
  key: (dependency) => String(fieldOf(dependency, 'id')),
  name: (dependency, context) => referenceShown('item', fieldOf(dependency, 'item') as number, context),
  value: (dependency, t) =>
    t(
      fieldOf(dependency, 'type') === 'start-to-start'
        ? 'history:dependency.startToStart'
        : 'history:dependency.finishToStart',
      { lag: formatNumber(Number(fieldOf(dependency, 'lag') ?? 0)) },
    ),
};

/** The lists of the records' fields, by field: their elements as added, removed or changed rows. */
const listShapes: Readonly<Record<string, ListShape>> = {
  goals: {
    noun: (t) => t('history:noun.goal'),
    key: (goal) => String(fieldOf(goal, 'goalId')),
    name: (goal, context) => referenceShown('goal', fieldOf(goal, 'goalId') as number, context),
    value: (goal) => summariseValue(fieldOf(goal, 'value')),
  },
  applications: {
    noun: (t) => t('history:noun.application'),
    key: String,
    name: (id, context) =>
      typeof id === 'number' ? referenceShown('application', id, context) : plain(summariseValue(id)),
  },
  subgroups: {
    noun: (t) => t('history:noun.lane'),
    key: (lane) => String(fieldOf(lane, 'id')),
    name: (lane) => plain(summariseValue(fieldOf(lane, 'name'))),
  },
  metrics: {
    noun: (t) => t('history:noun.rating'),
    key: (metric) => `${String(fieldOf(metric, 'type'))}/${String(fieldOf(metric, 'group') ?? '')}`,
    name: (metric) => {
      const group = fieldOf(metric, 'group');
      return plain(
        `${ratingWords(fieldOf(metric, 'type'))}${typeof group === 'string' ? ` (${group})` : ''}`,
      );
    },
    value: (metric) => summariseValue(fieldOf(metric, 'value')),
  },
  attributes: {
    noun: (t) => t('history:noun.attribute'),
    key: (attribute) => String(fieldOf(attribute, 'key')),
    name: (attribute) => plain(String(fieldOf(attribute, 'key'))),
    value: (attribute) => summariseValue(fieldOf(attribute, 'value')),
  },
  predecessors: dependencyShape,
  successors: dependencyShape,
  shares: {
    noun: (t) => t('history:noun.shareWith'),
    key: (share) => String(fieldOf(share, 'tenant')),
    name: (share) => plain(String(fieldOf(share, 'tenant'))),
    value: (share, t) => shareStatusText(fieldOf(share, 'status'), t),
  },
};

/** Any other list of plain values: each value is its own element. */
const valuesShape: ListShape = {
  noun: () => '',
  key: (v) => JSON.stringify(v),
  name: (v) => plain(summariseValue(v)),
};

/**
 * What a change did to a list, element by element (issue 19): added and removed elements in the
 * order of the list after and before, then the changed ones ("Goal Cloud first: 3 → 5").
 */
export const listEntries = (
  field: string,
  before: readonly unknown[],
  after: readonly unknown[],
  context: ChangeContext,
): ListEntry[] => {
  const shape = listShapes[field] ?? valuesShape;
  const shown = (element: unknown) => shape.value?.(element, context.t) ?? shape.name(element, context).text;
  return diffList(before, after, shape.key).map((entry) => ({
    change: entry.change,
    noun: shape.noun(context.t),
    name: shape.name(entry.before ?? entry.after, context),
    before: entry.change === 'added' ? null : shown(entry.before),
    after: entry.change === 'removed' ? null : shown(entry.after),
  }));
};

/** A list entry as one line: "+ Application CRM", "− Lane Backend", "Goal Cloud first: 3 → 5". */
export const listEntryText = ({ name, ...entry }: ListEntry): string =>
  listEntryLineText({ ...entry, name: name.text });

/** The dialog that labels the fields of a history category's records ('group' is a project), if one does. */
export const labelledRecordOf = (category: string): LabelledRecord | null =>
  category === 'group'
    ? 'project'
    : category === 'item' || category === 'application'
      ? category
      : // the rows of a tenant's dependency graph show in an item's history (issue 21)
        category === 'dependencies'
        ? 'item'
        : null;

/**
 * A change as the dialogs show it (issue 19): the field by its label, a code by its option's label,
 * a reference by the referenced record's name at the row's instant (with its link), a list as its
 * added, removed and changed elements, numbers and dates as the dialogs format them.
 */
export const changeLine = (change: HistoryChange, context: ChangeContext): ChangeLine => {
  const { category } = parseStreamName(context.stream);
  const { field, before, after } = change;
  const label = fieldLabel(context.t, labelledRecordOf(category), field);
  const reference = referenceOf(category, field);
  const lists = (value: unknown) => value === null || Array.isArray(value);
  if (lists(before) && lists(after) && (Array.isArray(before) || Array.isArray(after)))
    return {
      kind: 'list',
      field,
      label,
      entries: listEntries(
        field,
        (before as unknown[] | null) ?? [],
        (after as unknown[] | null) ?? [],
        context,
      ),
    };
  const shown = (value: unknown): Shown => {
    if (reference && typeof value === 'number') return referenceShown(reference, value, context);
    if (category === 'group' && field === 'scheduling' && (value === 'manual' || value === 'automatic'))
      return plain(schedulingModeLabel(context.t, value));
    return plain(optionText(context.lists, category, field, value) ?? summariseFieldValue(field, value));
  };
  return { kind: 'value', field, label, before: shown(before), after: shown(after) };
};

/** What a row of a referenced record's event did to this one ("deleted with project …"), by whether it deleted. */
const viaTexts: Readonly<Partial<Record<ReferenceCategory, (t: TFunction, deleted: boolean) => string>>> = {
  group: (t, deleted) =>
    deleted ? t('history:via.deletedWithProject') : t('history:via.restoredWithProject'),
  application: (t, deleted) =>
    deleted ? t('history:via.deletedWithApplication') : t('history:via.restoredWithApplication'),
  resource: (t, deleted) =>
    deleted ? t('history:via.deletedWithResource') : t('history:via.restoredWithResource'),
  account: (t, deleted) =>
    deleted ? t('history:via.deletedWithAccount') : t('history:via.restoredWithAccount'),
  goal: (t, deleted) => (deleted ? t('history:via.deletedWithGoal') : t('history:via.restoredWithGoal')),
};

/**
 * A row of another record's event that took this one along (issue 19: an item's project deleted or
 * restored): what it did to the record ("deleted with project") and that record, by its name at the
 * row's instant with its link; null for a row of the record's own event.
 */
export const viaLine = (
  row: Pick<HistoryRow, 'via' | 'changes'>,
  context: ChangeContext,
): { readonly text: string; readonly record: Shown } | null => {
  const said = row.via && viaTexts[row.via.category];
  if (!row.via || !said) return null;
  const deleted = row.changes.find((change) => change.field === 'deleted')?.after === true;
  return {
    text: said(context.t, deleted),
    record: referenceShown(row.via.category, row.via.id, context),
  };
};

/** Fields a project's read model derives from `shares`: said once, by the shares themselves. */
const derivedFromShares: ReadonlySet<string> = new Set(['sharedWith', 'acceptedBy']);

/** A row's changes as the History tab lists them: a field derived from another changed beside it is left out. */
export const shownChanges = (changes: readonly HistoryChange[]): readonly HistoryChange[] =>
  changes.some((change) => change.field === 'shares')
    ? changes.filter((change) => !derivedFromShares.has(change.field))
    : changes;

/** What a project's history downloads are called. */
export const exportFileName = (projectId: number, kind: 'csv' | 'events'): string =>
  kind === 'csv' ? `project-${projectId}-history.csv` : `project-${projectId}-events.json`;

/** Where they come from under /api (GET, `history` VIEW). */
export const exportPath = (projectId: number, kind: 'csv' | 'events'): string =>
  `/history/group/${projectId}/${kind === 'csv' ? 'export.csv' : 'events.json'}`;

/** The media type a download is saved with. */
export const exportType = (kind: 'csv' | 'events'): string =>
  kind === 'csv' ? 'text/csv;charset=utf-8' : 'application/json';
