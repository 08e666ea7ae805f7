import { z } from 'zod';
import { optionListKinds, optionSchema } from './options/option-lists';
import { accountEntrySchema, accountRefTypes } from './account/account';
import { applicationFieldsSchema } from './application/application';
import { commentRefTypes } from './comment/comment';
import { createGoalSchema } from './goal/goal';
import { groupFieldsSchema, groupGoalValueSchema } from './group/group.commands';
import { shareStatuses } from './group/group.state';
import { shareActions, shareRecordStatuses } from './group/share-views';
import type { ShareView } from './group/share-views';
import { subgroupTypes } from './group/subgroups';
import { historyCategories } from './history/history';
import { referenceCategories } from './history/history-refs';
import type { ExportedEvent, HistoryPage } from './history/history';
import { attributeDefinitionSchema, featureFlagsSchema, permissionsSchema } from './identity/tenant.commands';
import { itemFieldsSchema, itemSystemTypes } from './item/item';
import { dependencyTypes } from './dependency/dependency';
import { userPreferencesSchema } from './preferences/preferences';
import { webhookStatuses } from './webhook/webhook';
import { calendarDefinitionSchema } from './calendar/definition';
import type { WebhookDeliveryView, WebhookTestResult, WebhookView } from './webhook/webhook';
import type {
  AccountView,
  CalendarView,
  ProjectCalendarView,
  ApplicationView,
  CommentView,
  GoalView,
  GroupDetailsView,
  GroupGoalView,
  GroupView,
  InvitationView,
  ItemView,
  MeView,
  Page,
  ProjectOfApplication,
  ResourceView,
  RoleView,
  TenantAdminView,
  TimelineView,
  UserAdminView,
} from './read-models';
import type { WorkingDays } from './rules/calendar';
import type { BaselineComparison, BaselineView } from './baseline/comparison';
import type { ScenarioView } from './scenario/scenario';
import type { CalendarFeedView } from './calendar-feed/calendar-feed';
import type { ScenarioDiff } from './scenario/diff';
import { trackerAuthModes, trackerDeployments } from './tracker/connection';
import type { TrackerTestResult } from './tracker/connection';
import type {
  TrackerConnectionView,
  TrackerIssueView,
  TrackerMirrorStatusView,
  TrackerReleaseView,
  TrackerRepositoryView,
} from './tracker/mirror';

/*
 * Issue 18: the answers of the queries as zod schemas, built from the field schemas the commands use,
 * so that the OpenAPI document declares every query's body (as the output of these schemas). The
 * read models stay TypeScript interfaces; the assertions at the end keep both in agreement.
 */

const id = z.number().int();
const text = z.string();
const nullableText = z.string().nullable();

const fieldDifferenceSchema = z.object({ field: text, live: z.unknown(), scenario: z.unknown() });

/**
 * Issue 22: on a record as a scenario shows it (`?scenario=`), the fields a live change after the
 * scenario's change also changed: the scenario's value wins; absent where nothing conflicts.
 */
const conflictsShape = { conflicts: z.array(fieldDifferenceSchema).optional() };

/** One page of a list of `item` (issue 17). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: nullableText });

const subgroupSchema = z.object({ id: text, name: text, type: z.enum(subgroupTypes) });

export const applicationViewSchema = applicationFieldsSchema.extend({
  id,
  tenant: text,
  parentName: nullableText,
  version: id,
  deleted: z.boolean(),
  shared: z.boolean(),
});

export const projectOfApplicationSchema = z.object({
  id,
  title: text,
  status: id.nullable(),
  phase: id.nullable(),
  end: nullableText,
  shared: z.boolean(),
  tenant: text,
  group: id.nullable(),
});

export const groupViewSchema = groupFieldsSchema.extend({
  id,
  calendar: id,
  tenant: text,
  version: id,
  deleted: z.boolean(),
  shared: z.boolean(),
  sharedWith: z.array(text),
  shares: z.array(z.object({ tenant: text, status: z.enum(shareStatuses) })),
  budget: z.number().nullable(),
  goals: z.array(groupGoalValueSchema),
  priority: z.number(),
  duration: id.nullable(),
  parentTitle: nullableText,
  subgroups: z.array(subgroupSchema),
  ...conflictsShape,
});

export const groupDetailsViewSchema = groupViewSchema.extend({
  subprojects: z.array(z.object({ id, title: text })),
});

export const goalViewSchema = createGoalSchema.extend({ id, tenant: text, version: id });

export const resourceViewSchema = z.object({
  id,
  name: text,
  version: id,
  calendar: id.nullable(),
  share: z.number().int().min(1).max(100),
});

/** Issue 24: GET /api/calendars and /api/calendars/:id. */
export const calendarViewSchema = z.object({
  id,
  name: text,
  version: z.number().int().min(-1),
  versions: z.array(z.object({ effectiveFrom: z.string().nullable(), definition: calendarDefinitionSchema })),
  usedBy: z.object({ projects: id, resources: id }),
});

/** Issue 24: GET /api/groups/:id/calendar, the calendar a project plans on (its owner's for a shared one). */
export const projectCalendarViewSchema = calendarViewSchema.pick({ id: true, name: true, versions: true });

export const groupGoalViewSchema = z.object({
  id: text,
  goalId: id,
  groupId: id,
  value: z.number(),
  goal: goalViewSchema.nullable(),
});

export const commentViewSchema = z.object({
  id,
  tenant: text,
  refType: z.enum(commentRefTypes),
  refId: id,
  description: text,
  createdAt: text,
  createdBy: text,
});

export const accountViewSchema = z.object({
  id,
  tenant: text,
  accountNumber: text,
  name: text,
  refType: z.enum(accountRefTypes),
  refId: id,
  entries: z.array(accountEntrySchema),
});

const tenantSettings = {
  features: featureFlagsSchema,
  applicationAttributes: z.array(attributeDefinitionSchema),
  taskAttributes: z.array(attributeDefinitionSchema),
  projectAttributes: z.array(attributeDefinitionSchema),
  optionLists: z.record(z.enum(optionListKinds), z.array(optionSchema)),
};

export const meViewSchema = z.object({
  userId: id,
  tenant: text,
  homeTenant: text,
  tenants: z.array(text),
  invitations: z.array(text),
  username: text,
  displayName: text,
  permissions: permissionsSchema,
  preferences: userPreferencesSchema,
  ...tenantSettings,
});

/** An item's dependencies, each seen from the item (issue 21). */
const dependencyLinkSchema = z.object({
  id,
  item: id,
  type: z.enum(dependencyTypes),
  lag: z.number().int(),
  version: id,
});
const itemDependenciesShape = {
  predecessors: z.array(dependencyLinkSchema),
  successors: z.array(dependencyLinkSchema),
};

export const itemViewSchema = itemFieldsSchema.extend({
  ...itemDependenciesShape,
  id,
  tenant: text,
  version: id,
  deleted: z.boolean(),
  storedStatus: id.nullable(),
  duration: id.nullable(),
  workload: nullableText,
  groupTitle: nullableText,
  ...conflictsShape,
});

const timelineMilestoneSchema = z.object({ id, title: text, start: text });

export const timelineViewSchema = z.object({
  from: text,
  to: text,
  detail: z.enum(['items', 'summary']),
  groups: z.array(
    z.object({
      id,
      content: text,
      subgroups: z.array(subgroupSchema),
      shared: z.boolean(),
      tenant: text,
      status: id,
      resource: id.nullable(),
      jirarepo: groupFieldsSchema.shape.jirarepo,
      calendar: id.optional(),
    }),
  ),
  items: z.array(
    z.object({
      id,
      title: text,
      group: id,
      subgroup: nullableText,
      start: text,
      end: nullableText,
      type: z.enum(itemSystemTypes).nullable(),
      className: nullableText,
      rank: nullableText,
      status: id,
      version: id,
      shared: z.boolean(),
      ...itemDependenciesShape,
    }),
  ),
  summaries: z.array(
    z.object({
      group: id,
      start: text,
      end: text,
      taskCount: id,
      milestoneCount: id,
      milestones: z.array(timelineMilestoneSchema),
    }),
  ),
  itemCount: id,
  nextCursor: nullableText,
});

export const tenantAdminViewSchema = z.object({ id, name: text, version: id, ...tenantSettings });

export const roleViewSchema = z.object({ id, name: text, permissions: permissionsSchema, members: id });

export const userAdminViewSchema = z.object({
  id,
  username: text,
  displayName: text,
  homeTenant: text,
  joined: z.boolean(),
  roles: z.array(id),
  permissions: permissionsSchema,
  disabled: z.boolean(),
  oidc: z.boolean(),
});

export const invitationViewSchema = z.object({ tenant: text, username: text, roles: z.array(id) });

export const shareViewSchema = z.object({
  project: id,
  title: nullableText,
  owner: text,
  tenant: text,
  status: z.enum(shareRecordStatuses),
  history: z.array(z.object({ action: z.enum(shareActions), at: text, user: text, tenant: text })),
});

export const workingDaysSchema = z.object({
  days: id,
  // a calendar's half days count ½ (issue 24)
  workingDaysCount: z.number().multipleOf(0.5),
  notWorkingDays: z.array(text),
  publicHolidays: z.array(z.object({ date: text, name: text })),
});

export const historyPageSchema = pageSchema(
  z.object({
    position: id,
    stream: text,
    revision: id,
    at: text,
    user: text,
    command: nullableText,
    event: text,
    source: nullableText,
    changes: z.array(z.object({ field: text, before: z.unknown(), after: z.unknown() })),
    via: z.object({ category: z.enum(referenceCategories), id }).optional(),
  }),
).extend({
  category: z.enum(historyCategories),
  id: text,
  total: id,
  fields: z.array(text),
  users: z.array(text),
  refs: z
    .record(text, z.array(z.object({ position: id, name: text.nullable(), tenant: text.optional() })))
    .optional(),
});

export const exportedEventsSchema = z.object({
  stream: text,
  events: z.array(
    z.object({
      stream: text,
      revision: id,
      position: id,
      id: text,
      type: text,
      data: z.unknown(),
      metadata: z.record(z.string(), z.unknown()),
    }),
  ),
});

const trackerSyncStatusSchema = z.object({
  lastAttemptAt: nullableText,
  lastSuccessAt: nullableText,
  error: z.object({ code: text, status: id.nullable(), statusText: nullableText, message: text }).nullable(),
});

export const trackerConnectionViewSchema = z.object({
  id,
  name: text,
  baseUrl: text,
  deployment: z.enum(trackerDeployments),
  authMode: z.enum(trackerAuthModes),
  email: nullableText,
  hasSecret: z.boolean(),
  version: id,
  sync: trackerSyncStatusSchema,
});

export const trackerRepositoryViewSchema = z.object({
  id: text,
  connectionId: id,
  connectionName: text,
  baseUrl: text,
  projectId: text,
  key: text,
  name: text,
  url: nullableText,
  boards: z.array(z.object({ id: text, name: text, type: nullableText, url: nullableText })),
});

export const trackerIssueViewSchema = z.object({
  connectionId: id,
  key: text,
  projectKey: text,
  summary: text,
  status: nullableText,
  statusCategory: z.enum(['new', 'indeterminate', 'done']).nullable(),
  assignee: nullableText,
  dueDate: nullableText,
  issueType: nullableText,
  url: nullableText,
  syncedAt: text,
});

export const trackerReleaseViewSchema = z.object({
  id: text,
  repositoryId: text,
  projectKey: text,
  name: text,
  description: nullableText,
  startDate: nullableText,
  releaseDate: nullableText,
  released: z.boolean(),
  archived: z.boolean(),
  url: nullableText,
  groups: z.array(id),
});

export const trackerMirrorStatusViewSchema = z.object({
  connections: z.array(trackerSyncStatusSchema.extend({ id, name: text })),
});

// ---- the platform's and the session's answers --------------------------------------------------

/** A session's answer (login, refresh, switch): the access token, its lifetime in seconds, and who. */
export const sessionAnswerSchema = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int(),
  me: meViewSchema,
});

/** `GET /api/health`: the process answers, with the service's name (and, with read models, their position). */
export const healthAnswerSchema = z.looseObject({ status: z.literal('ok'), service: z.string() });

const readinessChecks = z.record(z.string(), z.string());

/** `GET /api/ready` 200. */
export const readyAnswerSchema = z.looseObject({
  status: z.literal('ready'),
  service: z.string(),
  checks: readinessChecks,
});

/** `GET /api/ready` 503: catching up, or a store that does not answer. */
export const notReadyAnswerSchema = z.union([
  z.looseObject({
    status: z.literal('catching-up'),
    position: z.number(),
    head: z.number(),
    eventsPerSecond: z.number(),
    percent: z.number(),
    secondsLeft: z.number().nullable(),
  }),
  z.looseObject({ status: z.literal('not ready'), checks: readinessChecks }),
]);

/** `GET /api/auth/oidc/config`. */
export const oidcConfigAnswerSchema = z.object({ enabled: z.boolean(), label: z.string().optional() });

const trackerFailureSchema = z.object({
  code: z.string(),
  status: z.number().nullable(),
  statusText: z.string().nullable(),
  message: z.string(),
});

/** `POST /api/tracker/test`: each step passed, or the one that failed and why. */
export const trackerTestResultSchema = z.union([
  z.object({
    ok: z.literal(true),
    server: z.object({
      title: z.string().nullable(),
      version: z.string().nullable(),
      deploymentType: z.string().nullable(),
    }),
    user: z.string().nullable(),
    projects: z.number(),
    tookMs: z.number(),
  }),
  z.object({
    ok: z.literal(false),
    step: z.enum(['url', 'reach', 'authenticate', 'read']),
    failure: trackerFailureSchema,
    tookMs: z.number(),
  }),
]);

/** T with every property and array writable, all the way down: readonly is no difference of shape. */
type Plain<T> = T extends readonly (infer E)[]
  ? Plain<E>[]
  : T extends object
    ? { -readonly [K in keyof T]: Plain<T[K]> }
    : T;

/** Issue 23: a calendar feed as its owner's list shows it, never its secret. */
export const calendarFeedViewSchema = z.object({
  id,
  name: text,
  owner: text,
  includeTasks: z.boolean(),
  projects: z.array(id).nullable(),
  resources: z.array(id).nullable(),
  applications: z.array(id).nullable(),
  version: id,
  createdAt: text,
});

/** Issue 21: a baseline, and a page of its comparison with the plan now. */
export const baselineViewSchema = z.object({
  id,
  name: text,
  at: text,
  version: id,
  createdBy: text,
  createdAt: text,
});
const plannedDatesSchema = z.object({ start: text, end: nullableText }).nullable();
export const baselineComparisonSchema = z.object({
  baseline: baselineViewSchema,
  from: text,
  to: text,
  position: id,
  groups: z.array(
    z.object({
      id,
      title: text,
      shared: z.boolean(),
      slipped: id,
      added: id,
      removed: id,
      unchanged: id,
      slip: id,
    }),
  ),
  items: z.array(
    z.object({
      id,
      title: text,
      group: id,
      type: nullableText,
      change: z.enum(['unchanged', 'slipped', 'added', 'removed']),
      then: plannedDatesSchema,
      now: plannedDatesSchema,
      startSlip: id.nullable(),
      endSlip: id.nullable(),
    }),
  ),
  nextCursor: nullableText,
});

/** Issue 22: a scenario, a branch of the plan at `from`. */
export const scenarioViewSchema = z.object({
  id,
  name: text,
  description: nullableText,
  from: text,
  version: id,
  createdBy: text,
  createdAt: text,
  status: z.enum(['open', 'published']),
  publishedBy: text.optional(),
  publishedAt: text.optional(),
});

const portfolioTotalsSchema = z.object({
  budget: z.number(),
  effortWorkingDays: z.number(),
  projectsByStatus: z.record(z.string(), z.number()),
  priorities: z.record(z.string(), z.number()),
  milestones: z.array(z.object({ id, title: text, date: nullableText })),
});

/** Issue 22: GET /api/scenarios/<id>/diff. */
export const scenarioDiffSchema = z.object({
  scenario: id,
  against: id.nullable(),
  records: z.array(
    z.object({
      kind: z.enum(['item', 'group', 'lane', 'goal', 'account', 'dependency']),
      id,
      title: text,
      change: z.enum(['created', 'changed', 'deleted']),
      fields: z.array(fieldDifferenceSchema),
      conflicts: z.array(fieldDifferenceSchema),
    }),
  ),
  nextCursor: z.string().nullable(),
  totals: z.object({ against: portfolioTotalsSchema, scenario: portfolioTotalsSchema }),
});

/** true when a schema's output and a view are the same type (TypeScript's own identity check). */
/** Issue 23: one delivery of the webhooks' log. */
export const webhookDeliveryViewSchema = z.object({
  eventId: text,
  eventType: text,
  aggregate: text,
  position: id,
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: id,
  statusCode: id.nullable(),
  lastError: nullableText,
  latencyMs: id.nullable(),
  lastAttemptAt: nullableText,
  nextAttemptAt: nullableText,
});

/** Issue 23: a webhook as `GET /api/webhooks` lists it, never with its secret. */
export const webhookViewSchema = z.object({
  id,
  url: text,
  events: z.array(text),
  active: z.boolean(),
  status: z.enum(webhookStatuses),
  paused: z.object({ reason: text, failures: id }).nullable(),
  version: id,
  deliveries: z.array(webhookDeliveryViewSchema),
});

export const webhookTestResultSchema = z.object({
  ok: z.boolean(),
  statusCode: id.nullable(),
  error: nullableText,
  latencyMs: id,
});

type Agree<S extends z.ZodType, View> =
  (<T>() => T extends Plain<z.output<S>> ? 1 : 2) extends <T>() => T extends Plain<View> ? 1 : 2
    ? true
    : false;

// a compile error here: the schema and its read model disagree (fix whichever is wrong)
true satisfies Agree<typeof applicationViewSchema, ApplicationView>;
true satisfies Agree<typeof projectOfApplicationSchema, ProjectOfApplication>;
true satisfies Agree<typeof groupViewSchema, GroupView>;
true satisfies Agree<typeof groupDetailsViewSchema, GroupDetailsView>;
true satisfies Agree<typeof goalViewSchema, GoalView>;
true satisfies Agree<typeof resourceViewSchema, ResourceView>;
true satisfies Agree<typeof groupGoalViewSchema, GroupGoalView>;
true satisfies Agree<typeof commentViewSchema, CommentView>;
true satisfies Agree<typeof accountViewSchema, AccountView>;
true satisfies Agree<typeof meViewSchema, MeView>;
true satisfies Agree<typeof itemViewSchema, ItemView>;
true satisfies Agree<typeof timelineViewSchema, TimelineView>;
true satisfies Agree<typeof tenantAdminViewSchema, TenantAdminView>;
true satisfies Agree<typeof roleViewSchema, RoleView>;
true satisfies Agree<typeof userAdminViewSchema, UserAdminView>;
true satisfies Agree<typeof invitationViewSchema, InvitationView>;
true satisfies Agree<typeof shareViewSchema, ShareView>;
true satisfies Agree<typeof workingDaysSchema, WorkingDays>;
true satisfies Agree<typeof historyPageSchema, HistoryPage>;
true satisfies Agree<typeof exportedEventsSchema, { stream: string; events: ExportedEvent[] }>;
true satisfies Agree<typeof trackerConnectionViewSchema, TrackerConnectionView>;
true satisfies Agree<typeof trackerRepositoryViewSchema, TrackerRepositoryView>;
true satisfies Agree<typeof trackerIssueViewSchema, TrackerIssueView>;
true satisfies Agree<typeof trackerReleaseViewSchema, TrackerReleaseView>;
true satisfies Agree<typeof trackerMirrorStatusViewSchema, TrackerMirrorStatusView>;
true satisfies Agree<typeof trackerTestResultSchema, TrackerTestResult>;
true satisfies Agree<typeof oidcConfigAnswerSchema, { enabled: boolean; label?: string }>;
true satisfies Agree<ReturnType<typeof pageSchema<typeof resourceViewSchema>>, Page<ResourceView>>;
true satisfies Agree<typeof baselineViewSchema, BaselineView>;
true satisfies Agree<typeof calendarFeedViewSchema, CalendarFeedView>;
true satisfies Agree<typeof scenarioViewSchema, ScenarioView>;
true satisfies Agree<typeof scenarioDiffSchema, ScenarioDiff>;
true satisfies Agree<typeof baselineComparisonSchema, BaselineComparison>;
true satisfies Agree<typeof webhookViewSchema, WebhookView>;
true satisfies Agree<typeof calendarViewSchema, CalendarView>;
true satisfies Agree<typeof projectCalendarViewSchema, ProjectCalendarView>;
true satisfies Agree<typeof webhookDeliveryViewSchema, WebhookDeliveryView>;
true satisfies Agree<typeof webhookTestResultSchema, WebhookTestResult>;
