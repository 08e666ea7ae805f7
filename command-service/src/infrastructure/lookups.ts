import { calendarNotFound, resourceNotFound } from '@fahrplan/contracts';
import type {
  AccountOwner,
  AccountRefType,
  CalendarRules,
  DependencyItemFacts,
  ItemGroupFacts,
} from '@fahrplan/contracts';

/** An item of a project shared with the tenant, as a reschedule reads it. */
export interface SharedItemFacts {
  readonly title: string;
  readonly version: number;
  readonly start: string;
  readonly end: string | null;
}

/** The records a handler may ask about by id. */
export type LookupCategory = 'application' | 'group' | 'item' | 'goal' | 'resource' | 'calendar';

/** The command service's index of the live items by project and lane (`ItemRanks`). */
export interface ItemIndex {
  laneItems(tenant: string, group: number, lane: string): Promise<number>;
  highestRank(tenant: string, group: number): Promise<string | null>;
}

/**
 * What a handler needs to know of aggregates other than the one it decides: the facts its decider's
 * context carries (STYLE 3), read from the event store. Handlers ask this port, never another
 * aggregate's stream. Every answer is the tenant's own unless it says otherwise.
 */
export interface Lookups {
  /**
   * The same lookups as scenario `scenario` sees the plan: each record its live stream with the
   * scenario's own events of it on top (a lane's item count and a new item's rank stay the live ones).
   */
  inScenario(scenario: number): Lookups;
  /** Whether record `id` of `category` is live (not deleted) in the tenant. */
  isLive(category: LookupCategory, id: number, tenant: string): Promise<boolean>;
  /** Those of `ids` that are not live records of `category` in the tenant. */
  missing(category: LookupCategory, ids: readonly number[], tenant: string): Promise<number[]>;
  /**
   * The requested parent's chain up to the root (its id first), for the decider's cycle check; null
   * when the parent is not a live record of the tenant.
   */
  parentChain(category: 'application' | 'goal', parent: number, tenant: string): Promise<number[] | null>;
  /**
   * Those of `ids` that are neither live projects of the tenant nor live projects shared with it and
   * ACCEPTED (§3): what a read-only reference to a project (a calendar feed's filter) may not name.
   */
  missingVisibleGroups(ids: readonly number[], tenant: string): Promise<number[]>;
  /**
   * The requested parent project's chain up to the root. The parent must be a live project of the
   * tenant or one shared with it and ACCEPTED (§4), else null; beyond it the chain follows each
   * project's parent in its owner's tenant, so a cycle through several tenants' projects is found too.
   */
  groupParentChain(parent: number, tenant: string): Promise<number[] | null>;
  /**
   * The status of the requested parent project when another tenant owns it (a project shared with the
   * tenant), for the §4 shared-parent status rule; undefined for an own or unknown parent.
   */
  sharedParentStatus(parent: number, tenant: string): Promise<number | undefined>;
  /** The tenant that owns project `group`, whichever it is; null when there is no such project. */
  groupOwner(group: number): Promise<string | null>;
  /** The account a command links, as the tenant has it; null when it has no such live account. */
  linkedAccount(
    account: number,
    tenant: string,
  ): Promise<{ readonly refType: AccountRefType; readonly refId: number } | null>;
  /**
   * The record an account is to be created for, null when it is not live; a project's number is its
   * projectNr and its name the title. A record of another tenant is refused as not found.
   */
  accountOwner(refType: AccountRefType, refId: number, tenant: string): Promise<AccountOwner | null>;
  /**
   * What an item's decision needs of the project it is planned in. Only a live project of the tenant
   * qualifies: a project shared with the tenant is read-only there (§4), so it is not found like any
   * other tenant's.
   */
  itemGroupFacts(group: number, tenant: string): Promise<ItemGroupFacts | null>;
  /**
   * The live projects that name `group` as parent, in any tenant (a project shared with a tenant may be a
   * parent there); the title only of the tenant's own.
   */
  subprojects(
    group: number,
    tenant: string,
  ): Promise<{ readonly id: number; readonly title: string | null }[]>;
  /**
   * What a dependency's decision needs of the items it links, by id: the tenant's own live items in a
   * live project, and those of a live project shared with the tenant and accepted (`own` false); null
   * for anything else (unknown, deleted, another tenant's).
   */
  dependencyItems(
    ids: readonly number[],
    tenant: string,
  ): Promise<Record<number, DependencyItemFacts | null>>;
  /**
   * Those of `ids` that are live items of a live project shared with the tenant and accepted, with their
   * dates: what a reschedule honours but never moves (their streams are the owner's).
   */
  sharedItems(ids: readonly number[], tenant: string): Promise<ReadonlyMap<number, SharedItemFacts>>;
  /** The titles of those of `ids` that are or were the tenant's items (or of a project shared with it). */
  itemTitles(ids: readonly number[], tenant: string): Promise<Record<number, string>>;
  /** When the first event of `stream` was decided (ISO date-time); null when the stream is empty. */
  firstEventAt(stream: string): Promise<string | null>;
  /** How many of the tenant's live items lane `lane` of project `group` holds. */
  laneItems(group: number, lane: string, tenant: string): Promise<number>;
  /** The highest rank of the tenant's live items in project `group`, null when none has one. */
  highestRank(group: number, tenant: string): Promise<string | null>;
  /** The tenant's live projects with a value for the goal, and its live goals that name it as parent. */
  goalUsage(
    goal: number,
    tenant: string,
  ): Promise<{ readonly usedBy: readonly number[]; readonly children: readonly number[] }>;
  /**
   * The working-day rules of the tenant's calendar `calendar` as it is now (issue 24); the default
   * calendar's where the tenant has no such live calendar.
   */
  calendarRules(calendar: number, tenant: string): Promise<CalendarRules>;
  /** How many of the tenant's live projects and resources name calendar `calendar` (issue 24). */
  calendarUsage(
    calendar: number,
    tenant: string,
  ): Promise<{ readonly projects: number; readonly resources: number }>;
}

/**
 * Refuses a record that assigns a `category` record the tenant does not have (live). Only a change is
 * checked: a record keeps the id of one deleted after it was assigned.
 */
const assertAssignable =
  (category: 'resource' | 'calendar', refusal: () => Error) =>
  async (
    lookups: Lookups,
    requested: number | null | undefined,
    current: number | null | undefined,
    tenant: string,
  ): Promise<void> => {
    if (requested === undefined || requested === null || requested === current) return;
    if (!(await lookups.isLive(category, requested, tenant))) throw refusal();
  };

/** Refuses a project or item that assigns a resource the tenant does not have (live). */
export const assertAssignableResource = assertAssignable('resource', resourceNotFound);

/** Refuses a project or resource that names a calendar the tenant does not have (issue 24; the default always is). */
export const assertAssignableCalendar = assertAssignable('calendar', calendarNotFound);
