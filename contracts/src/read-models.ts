import type { AccountEntry, AccountRefType } from './account/account';
import type { ApplicationFields } from './application/application';
import type { CommentRefType } from './comment/comment';
import type { CreateGoalData } from './goal/goal';
import type { GroupFields, GroupGoalValue } from './group/group.commands';
import type { ProjectShare } from './group/group.state';
import type { Subgroup } from './group/subgroups';
import type { ItemFields, ItemSystemType } from './item/item';
import type { DependencyType } from './dependency/dependency';
import type { FieldDifference } from './scenario/diff';
import type { OptionLists } from './options/option-lists';
import type { UserPreferences } from './preferences/preferences';
import type { AttributeDefinition, FeatureFlags } from './identity/tenant.commands';
import type { Permissions } from './permissions';
import type { CalendarVersion } from './calendar/definition';

/** A project that uses an application: GET /api/applications/:id/projects answers pages of them. */
export interface ProjectOfApplication {
  readonly id: number;
  readonly title: string;
  readonly status: number | null;
  readonly phase: number | null;
  readonly end: string | null;
  readonly shared: boolean;
  readonly tenant: string;
  readonly group: number | null;
}

export interface ApplicationView extends ApplicationFields {
  readonly id: number;
  readonly tenant: string;
  readonly parentName: string | null;
  readonly version: number;
  readonly deleted: boolean;
  readonly shared: boolean;
}

/** A project as GET /api/groups answers (§3 Project / group). */
export interface GroupView extends Omit<GroupFields, 'calendar'> {
  readonly id: number;
  /** Issue 24: the project's working-day calendar (0: the tenant's default). */
  readonly calendar: number;
  readonly tenant: string;
  readonly version: number;
  readonly deleted: boolean;
  /**
   * Whether the project belongs to another tenant (`tenant`, the owner) and this tenant accepted its
   * share: such a project is read-only here, and commands on it answer 404.
   */
  readonly shared: boolean;
  /** Tenants the project is shared with, pending or accepted (of a shared project: only this tenant). */
  readonly sharedWith: readonly string[];
  /** The shares with their §3 status (of a shared project: only this tenant's). */
  readonly shares: readonly ProjectShare[];
  /** Sum of the amounts of the project's account entries; null when the project has no account. */
  readonly budget: number | null;
  readonly goals: readonly GroupGoalValue[];
  /** §9 priority computed from `metrics` at query time; compare with metric4 for the §5 inconsistency. */
  readonly priority: number;
  /** Working days in [start, end) by the §9 calendar, computed at query time; null without both dates. */
  readonly duration: number | null;
  readonly parentTitle: string | null;
  /** Its lanes on the timeline: the default tasks and milestones lanes, then its INDIVIDUAL ones. */
  readonly subgroups: readonly Subgroup[];
  /**
   * Issue 22, in a scenario's view (`?scenario=`): the fields a live change after the scenario's change
   * also changed, the scenario's value winning; absent where nothing conflicts.
   */
  readonly conflicts?: readonly FieldDifference[];
}

/** GET /api/groups/:idOrName adds the read-only subprojects (§2 details). */
export interface GroupDetailsView extends GroupView {
  readonly subprojects: readonly { readonly id: number; readonly title: string }[];
}

export interface GoalView extends CreateGoalData {
  readonly id: number;
  readonly tenant: string;
  /** The version UpdateGoal and DeleteGoal expect (absent on goals projected before goals could change: 0). */
  readonly version: number;
}

/** §3 Resource: id, name; and the version SaveResource and DeleteResource expect. */
export interface ResourceView {
  readonly id: number;
  readonly name: string;
  readonly version: number;
  /** Issue 24: the resource's own calendar (null: none, its projects' calendars apply). */
  readonly calendar: number | null;
  /** Issue 24: its part-time share of a working day, in percent (100: full time). */
  readonly share: number;
}

/**
 * Issue 24: a working-day calendar (GET /api/calendars, /api/calendars/:id), the tenant's default (id 0)
 * included whether or not it was ever changed (version -1 until then).
 */
export interface CalendarView {
  readonly id: number;
  readonly name: string;
  /** The version SaveCalendar and DeleteCalendar expect. */
  readonly version: number;
  /** Ascending by `effectiveFrom`; the first one's is null (since always). */
  readonly versions: readonly CalendarVersion[];
  /** How many live projects and resources of the tenant name the calendar (a project without one: the default). */
  readonly usedBy: { readonly projects: number; readonly resources: number };
}

/**
 * Issue 24: the calendar a project plans on (GET /api/groups/:id/calendar), for its own tenant and for
 * a tenant it is shared with (the owner's calendar, read-only: its rules and name, nothing else).
 */
export type ProjectCalendarView = Pick<CalendarView, 'id' | 'name' | 'versions'>;

/** §3 Project goal: goalId, groupId, value and the goal itself. */
export interface GroupGoalView {
  readonly id: string;
  readonly goalId: number;
  readonly groupId: number;
  readonly value: number;
  readonly goal: GoalView | null;
}

export interface CommentView {
  readonly id: number;
  readonly tenant: string;
  readonly refType: CommentRefType;
  readonly refId: number;
  readonly description: string;
  readonly createdAt: string;
  readonly createdBy: string;
}

export interface AccountView {
  readonly id: number;
  readonly tenant: string;
  readonly accountNumber: string;
  readonly name: string;
  readonly refType: AccountRefType;
  readonly refId: number;
  readonly entries: readonly AccountEntry[];
}

/** What every screen of a tenant follows: its features, attribute schemas and option lists. */
export interface TenantSettings {
  readonly features: FeatureFlags;
  readonly applicationAttributes: readonly AttributeDefinition[];
  readonly taskAttributes: readonly AttributeDefinition[];
  readonly projectAttributes: readonly AttributeDefinition[];
  /** The tenant's option lists, its defaults where it changed none (issue 19). */
  readonly optionLists: OptionLists;
}

export interface MeView extends TenantSettings {
  readonly userId: number;
  /** The tenant the session acts in. */
  readonly tenant: string;
  readonly homeTenant: string;
  /** Every tenant the user can switch to (POST /api/auth/switch), the home tenant first. */
  readonly tenants: readonly string[];
  /** Tenants whose invitation waits for the user's answer (AcceptInvitation / DeclineInvitation). */
  readonly invitations: readonly string[];
  readonly username: string;
  readonly displayName: string;
  readonly permissions: Permissions;
  /** The user's own choices; a language of null: the browser's decides. */
  readonly preferences: UserPreferences;
}

export interface CommandResult {
  readonly id: number;
  readonly version: number;
  readonly position: number;
  /** A new webhook's signing secret (issue 23): answered once, on creation, and never again. */
  readonly secret?: string;
}

/** RFC 9457 problem details as every error of the API answers. */
export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  /** What went wrong, in English, with the particulars. */
  readonly detail: string;
  /** The problem's stable code (`problemCodes`), for a message in the user's language; `params` its values. */
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
  /** The refused fields: the English message, and its stable code (`fieldMessageCodes`, or `other`). */
  readonly errors?: readonly FieldProblem[];
  readonly currentVersion?: number;
}

/** One refused field of a problem. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/**
 * One dependency seen from one of its items (issue 21): its id, the item at the other end, its type and
 * lag in working days, and its version (0: a dependency is added and removed, never changed).
 */
export interface DependencyLink {
  readonly id: number;
  readonly item: number;
  readonly type: DependencyType;
  readonly lag: number;
  readonly version: number;
}

/** An item's dependencies: those it depends on (`predecessors`) and those that depend on it (`successors`). */
export interface ItemDependencies {
  readonly predecessors: readonly DependencyLink[];
  readonly successors: readonly DependencyLink[];
}

/** An item as GET /api/items/:idOrName answers (§3 Item). */
export interface ItemView extends ItemFields, ItemDependencies {
  readonly id: number;
  readonly tenant: string;
  readonly version: number;
  readonly deleted: boolean;
  /** The status a system type set aside (§4), restored when the type is cleared. */
  readonly storedStatus: number | null;
  /** Working days in [start, end) by the §9 calendar (date parts); null for a milestone. */
  readonly duration: number | null;
  /** §9 workload: effort / duration, two decimals, trailing zeros dropped; null when not computable. */
  readonly workload: string | null;
  /** The project's title (§2 "group (labelled project)"). */
  readonly groupTitle: string | null;
  /**
   * Issue 22, in a scenario's view (`?scenario=`): the fields a live change after the scenario's change
   * also changed, the scenario's value winning; absent where nothing conflicts.
   */
  readonly conflicts?: readonly FieldDifference[];
}

/** A project row of the timeline: its lanes (§3 Group for the item dialog). */
export interface TimelineGroup {
  readonly id: number;
  /** The project title. */
  readonly content: string;
  readonly subgroups: readonly Subgroup[];
  /** Read-only here: the project belongs to another tenant that shared it (ACCEPTED). */
  readonly shared: boolean;
  readonly tenant: string;
  readonly status: number;
  readonly resource: number | null;
  readonly jirarepo: GroupFields['jirarepo'];
  /** Issue 24: the project's working-day calendar (absent: the tenant's default, 0). */
  readonly calendar?: number;
}

/** An item as the timeline draws it, with its dependencies (of the caller's tenant). */
export interface TimelineItem extends ItemDependencies {
  readonly id: number;
  readonly title: string;
  readonly group: number;
  readonly subgroup: string | null;
  /** YYYY-MM-DDTHH:mm */
  readonly start: string;
  /** Exclusive YYYY-MM-DDTHH:mm; null for a milestone (drawn as a point). */
  readonly end: string | null;
  readonly type: ItemSystemType | null;
  readonly className: string | null;
  readonly rank: string | null;
  readonly status: number;
  readonly version: number;
  readonly shared: boolean;
}

/** The widest window the timeline answers: twenty years (a wider one is a 400 naming `to`). */
export const maxTimelineDays = 20 * 366;

/**
 * `detail=auto` answers every item up to this window (a bit over a year: the console's Month zoom,
 * a year of months, still draws items), and summaries beyond it.
 */
export const timelineItemsMaxDays = 400;

/** How many milestones a summary names: the earliest in the window. */
export const timelineSummaryMilestones = 5;

/** What the timeline answers for each project: its items, or one summary bar. */
export type TimelineDetail = 'items' | 'summary';

/** A milestone a summary bar shows as a diamond. */
export interface TimelineMilestone {
  readonly id: number;
  readonly title: string;
  /** YYYY-MM-DDTHH:mm */
  readonly start: string;
}

/** One project's items in the window, summarised (system types such as backgrounds are left out). */
export interface TimelineSummary {
  readonly group: number;
  /** The first start of the summarised items (YYYY-MM-DDTHH:mm), maybe before the window. */
  readonly start: string;
  /** The last end (a milestone: its start), maybe after the window. */
  readonly end: string;
  readonly taskCount: number;
  readonly milestoneCount: number;
  /** The earliest milestones in the window (at most `timelineSummaryMilestones`), by start. */
  readonly milestones: readonly TimelineMilestone[];
}

/**
 * GET /api/timeline?from=&to=: one page of rows, the projects (own and accepted shared ones) that have
 * items overlapping [from, to) or run in it, by title; with `detail` items, their items in the window,
 * with `detail` summary, one summary per project with items instead.
 */
export interface TimelineView {
  readonly from: string;
  readonly to: string;
  readonly detail: TimelineDetail;
  readonly groups: readonly TimelineGroup[];
  /** The rows' items in the window, by project and rank; none when `detail` is summary. */
  readonly items: readonly TimelineItem[];
  /** One per row with items in the window when `detail` is summary; none otherwise. */
  readonly summaries: readonly TimelineSummary[];
  /** The rows' items in the window: listed in `items`, or summarised in `summaries`. */
  readonly itemCount: number;
  /** The cursor of the next page of rows; null after the last. */
  readonly nextCursor: string | null;
}

/** GET /api/admin/tenant: the caller's tenant as its administrators edit it. */
export interface TenantAdminView extends TenantSettings {
  readonly id: number;
  readonly name: string;
  /** The tenant stream's revision, for ChangeTenantFeatures / ChangeAttributeSchemas `version`. */
  readonly version: number;
}

/** GET /api/admin/roles. */
export interface RoleView {
  readonly id: number;
  readonly name: string;
  readonly permissions: Permissions;
  /** How many members hold it. */
  readonly members: number;
}

/** GET /api/admin/users: every user who can act in the tenant; never a password hash. */
export interface UserAdminView {
  readonly id: number;
  readonly username: string;
  readonly displayName: string;
  readonly homeTenant: string;
  /** True for a member who joined from another tenant (removable; home users are disabled instead). */
  readonly joined: boolean;
  readonly roles: readonly number[];
  /** The effective permissions in this tenant (roles and, for accounts provisioned before roles, direct ones). */
  readonly permissions: Permissions;
  readonly disabled: boolean;
  readonly oidc: boolean;
}

/** GET /api/admin/invitations: invitations of the tenant waiting for an answer. */
export interface InvitationView {
  readonly tenant: string;
  readonly username: string;
  readonly roles: readonly number[];
}

/**
 * One page of a list (issue 17): every list query takes `limit` (default 100, at most 1,000) and the
 * `cursor` of the page before, and answers its page with the cursor of the next, null after the last.
 */
export interface Page<T> {
  readonly items: readonly T[];
  readonly nextCursor: string | null;
}
