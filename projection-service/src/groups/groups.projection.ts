import type {
  GroupCreated,
  GroupGoalsSet,
  GroupUpdated,
  GroupGoalValue,
  GroupView,
  ProjectShare,
  ProjectShared,
  StoredEvent,
  Subgroup,
  SubgroupAdded,
  SubgroupRemoved,
  SubgroupRenamed,
} from '@fahrplan/contracts';
import { defaultCalendarId, priority } from '@fahrplan/contracts';
import type { CalendarRules } from '@fahrplan/contracts';
import { defaultRules, rulesOfCalendar } from '../calendars/calendar-book';
import { calendarDocId } from '../calendars/calendars.projection';
import type { CalendarDoc } from '../calendars/calendars.projection';
import { byRecordId, foldText, withDerived } from '../projections/projection';
import type { Derived, IndexKeys, Join, Projection } from '../projections/projection';
import { optionalIndexKeys, optionalNumbers, optionalTexts } from '../projections/sort-keys';

/** The project read model (§2 dialog, portfolio); priority, duration and subprojects are computed at query time. */
export interface GroupDoc
  extends
    Omit<GroupCreated['data'], 'calendar'>,
    Pick<GroupView, 'calendar' | 'tenant' | 'version' | 'deleted' | 'sharedWith' | 'shares' | 'goals'> {
  /** The tenants whose share is ACCEPTED: what the shared-project queries match on (indexed, multikey). */
  readonly acceptedBy: readonly string[];
  /** The INDIVIDUAL lanes (absent on documents projected before lanes existed). */
  readonly subgroups?: readonly Subgroup[];
}

/** A document projected before shares had a status knows only the tenants, all of them pending. */
export const sharesOf = (doc: GroupDoc): readonly ProjectShare[] =>
  doc.shares ?? (doc.sharedWith ?? []).map((tenant) => ({ tenant, status: 'PENDING' as const }));

/** The next shares, and the two lists derived from them. */
const withShares = (
  doc: GroupDoc,
  change: (shares: readonly ProjectShare[]) => readonly ProjectShare[],
): GroupDoc => {
  const shares = change(sharesOf(doc));
  return {
    ...doc,
    shares,
    sharedWith: shares.map((s) => s.tenant),
    acceptedBy: shares.filter((s) => s.status === 'ACCEPTED').map((s) => s.tenant),
  };
};

const mergeGoals = (current: readonly GroupGoalValue[], changed: readonly GroupGoalValue[]) => {
  const values = new Map(current.map((g) => [g.goalId, g.value]));
  for (const g of changed) values.set(g.goalId, g.value);
  return [...values].map(([goalId, value]) => ({ goalId, value })).sort((a, b) => a.goalId - b.goalId);
};

/** The portfolio's sorts with optional values (title and priority always have one). */
export const optionalGroupSorts = [
  'shortname',
  'status',
  'phase',
  'health',
  'start',
  'end',
  'duration',
] as const;

/** The portfolio's filters by equality; each list filtered by one sorts by title. */
const filteredFields = ['status', 'phase', 'healthStatus', 'resource', 'applications', 'parent'] as const;

/** GET /api/calendars counts the live projects of each calendar (issue 24). */
export const groupCalendarIndex: IndexKeys = { tenant: 1, deleted: 1, calendar: 1 };

/** A calendar's change finds the projects on it, deleted ones too, a page of ids at a time (`durationKeys`). */
const groupsOfCalendarIndex: IndexKeys = { tenant: 1, calendar: 1, id: 1 };

/**
 * The indexes of the projects `owner` matches (`tenant`: the tenant's own; `acceptedBy`: those shared
 * with it and accepted): GET /api/groups by each sort, by each filter (by title), by ids, and a project
 * by title. A filter with a sort other than title reads the filter's index and sorts what it matched.
 */
function ownerIndexes(owner: 'tenant' | 'acceptedBy'): IndexKeys[] {
  const live = { [owner]: 1, deleted: 1 } as const;
  return [
    { ...live, _title: 1, _id: 1 },
    { ...live, _priority: 1, _id: 1 },
    ...optionalGroupSorts.map((name) => ({ ...live, ...optionalIndexKeys(name) })),
    ...filteredFields.map((field): IndexKeys => ({ ...live, [field]: 1, _title: 1, _id: 1 })),
    { ...live, id: 1 },
    { ...live, title: 1 },
  ];
}

const projectedGroups: Projection<GroupDoc> = {
  collection: 'groups',
  version: 5,
  multikey: ['acceptedBy', 'applications'],
  // ?q= searches the projects' texts by a trigram index where the store has one
  textIndex: '_search',
  handles: [
    'GroupCreated',
    'GroupUpdated',
    'GroupDeleted',
    'GroupRestored',
    'GroupGoalsSet',
    'ProjectShared',
    'ProjectUnshared',
    'ProjectShareAccepted',
    'ProjectShareDeclined',
    'SubgroupAdded',
    'SubgroupRenamed',
    'SubgroupRemoved',
    'SubgroupRestored',
  ],
  documentId: byRecordId,
  indexes: [
    ...ownerIndexes('tenant'),
    ...ownerIndexes('acceptedBy'),
    groupCalendarIndex,
    groupsOfCalendarIndex,
  ],
  evolve: (doc, event: StoredEvent) => {
    if (event.type === 'GroupCreated')
      return {
        calendar: defaultCalendarId,
        ...(event.data as GroupCreated['data']),
        tenant: event.metadata.tenant,
        version: event.revision,
        deleted: false,
        sharedWith: [],
        shares: [],
        acceptedBy: [],
        goals: [],
        subgroups: [],
      };
    if (!doc) return doc;
    const next = { ...doc, version: event.revision };
    const { tenant } = event.data as ProjectShared['data'];
    switch (event.type) {
      case 'GroupUpdated':
        return { ...next, ...(event.data as GroupUpdated['data']).changes };
      case 'GroupDeleted':
        return { ...next, deleted: true };
      case 'GroupRestored':
        return { ...next, deleted: false };
      case 'GroupGoalsSet':
        return { ...next, goals: mergeGoals(doc.goals, (event.data as GroupGoalsSet['data']).goals) };
      case 'ProjectShared':
        return withShares(next, (shares) => [
          ...shares,
          { tenant, status: (event.data as ProjectShared['data']).status },
        ]);
      case 'ProjectUnshared':
      case 'ProjectShareDeclined':
        return withShares(next, (shares) => shares.filter((s) => s.tenant !== tenant));
      case 'ProjectShareAccepted':
        return withShares(next, (shares) =>
          shares.map((s) => (s.tenant === tenant ? { tenant, status: 'ACCEPTED' } : s)),
        );
      case 'SubgroupAdded':
      case 'SubgroupRestored': {
        const { subgroup } = event.data as SubgroupAdded['data'];
        const lanes = (doc.subgroups ?? []).filter((s) => s.id !== subgroup.id);
        return { ...next, subgroups: [...lanes, subgroup] };
      }
      case 'SubgroupRenamed': {
        const { subgroup, name } = event.data as SubgroupRenamed['data'];
        return {
          ...next,
          subgroups: (doc.subgroups ?? []).map((s) => (s.id === subgroup ? { ...s, name } : s)),
        };
      }
      case 'SubgroupRemoved': {
        const { subgroup } = event.data as SubgroupRemoved['data'];
        return { ...next, subgroups: (doc.subgroups ?? []).filter((s) => s.id !== subgroup) };
      }
      default:
        return doc;
    }
  },
};

/** A project's priority (§9); a recorded metric outside today's scale counts as no rating. */
export const priorityOf = (doc: Pick<GroupDoc, 'metrics'>): number => {
  try {
    return priority(doc.metrics ?? []);
  } catch {
    return 0;
  }
};

/** What the portfolio's search (`q`) looks in. */
export const searchedGroupFields = ['title', 'shortname', 'description', 'contact', 'projectNr'] as const;

/** Working days in [start, end) on the project's calendar; null without both dates or outside the calendar's years. */
export const durationOf = (
  start: string | null,
  end: string | null,
  rules: CalendarRules = defaultRules,
): number | null => {
  if (!start || !end) return null;
  try {
    return rules.countWorkingDays(start, end);
  } catch {
    return null;
  }
};

/** The stored sort key `duration` on calendar `rules` (the default's where the calendar is not known). */
const durationKey = (doc: Pick<GroupDoc, 'start' | 'end'>, rules?: CalendarRules): Derived =>
  optionalNumbers({ duration: durationOf(doc.start, doc.end, rules) });

/**
 * The stored `duration` on the project's calendar (issue 24), from the calendar's document as the
 * projection runner has it; a change of the calendar derives it again for every project on it.
 */
const durationKeys: Join = {
  collection: 'calendars',
  idOf: (doc) => calendarDocId(String(doc.tenant), (doc.calendar as number | undefined) ?? defaultCalendarId),
  derive: (doc, calendar) => {
    const live = calendar && calendar.deleted === false ? (calendar as unknown as CalendarDoc) : null;
    return durationKey(doc as unknown as GroupDoc, live ? rulesOfCalendar(live) : defaultRules);
  },
  handles: ['CalendarChanged'],
  referring: (event) => ({
    tenant: event.metadata.tenant,
    calendar: (event.data as { id: number }).id,
  }),
};

/** The portfolio's sort keys and search text (issue 17); `duration` on the default calendar until joined. */
export const groupKeys = (doc: GroupDoc): Derived => ({
  _title: foldText(doc.title),
  _search: searchedGroupFields.map((field) => foldText(doc[field])).join('\n'),
  _priority: priorityOf(doc),
  ...optionalTexts({ shortname: doc.shortname, start: doc.start, end: doc.end }),
  ...optionalNumbers({
    status: doc.status,
    phase: doc.phase,
    health: doc.healthStatus,
  }),
  ...durationKey(doc),
});

/** Projects, with their list's keys derived, `duration` on each project's calendar. */
export const groupsProjection: Projection<GroupDoc> = {
  ...withDerived(projectedGroups, groupKeys),
  join: durationKeys,
};
