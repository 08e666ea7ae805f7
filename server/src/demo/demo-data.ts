/**
 * The demo tenant's data, kept as data in the JSON files beside this one and read through these
 * schemas: a row that does not fit stops the start with its path, and the commands validate every
 * value again.
 */
import { z } from 'zod';
import { attributeDefinitionSchema, featureFlagsSchema } from '@fahrplan/contracts';
import type { FeatureFlags } from '@fahrplan/contracts';
import applicationsJson from './applications.json';
import goalsJson from './goals.json';
import itemsJson from './items.json';
import projectsJson from './projects.json';
import resourcesJson from './resources.json';
import tenantJson from './tenant.json';

const text = z.string().min(1);

/** [sicht, periode, amount, projekt, typ, gruppe]: one finance entry of an account. */
const entry = z.tuple([text, text.nullable(), z.number(), text, text, text]);
export type DemoEntry = z.infer<typeof entry>;

const tenantSchema = z.strictObject({
  features: featureFlagsSchema,
  applicationAttributes: z.array(attributeDefinitionSchema),
  /** The custom fields of the item dialog (§2 Details). */
  taskAttributes: z.array(attributeDefinitionSchema),
  /** The custom fields of the project dialog (issue 19). */
  projectAttributes: z.array(attributeDefinitionSchema),
  /** Each holds one of the tenant's built-in roles, as users created in the console do. */
  users: z.array(z.strictObject({ username: text, displayName: text, role: text })),
  /** The connection to the fake tracker `npm start` serves, when it does. */
  trackerConnection: z.strictObject({ name: text, deployment: text, authMode: text }),
});

/** An application as SaveApplication takes it, with its parent by name, its account entries and comments. */
const applicationSchema = z.looseObject({
  name: text,
  parent: text.optional(),
  entries: z.array(entry).optional(),
  comments: z.array(text).optional(),
});

/** A strategic goal (not assignable) with the subgoals projects are rated against, each by a key. */
const goalSchema = z.strictObject({
  name: text,
  description: text,
  subgoals: z.array(z.strictObject({ key: text, name: text })),
});

/** A project: SaveGroup's fields, references by title or name, and what hangs off it. */
const projectSchema = z.strictObject({
  title: text,
  projectNr: text.optional(),
  shortname: text.optional(),
  contact: text,
  description: text.optional(),
  status: z.number(),
  phase: z.number(),
  healthStatus: z.number(),
  art: z.number(),
  klasse: z.number(),
  /** ISO dates, end ≥ start. */
  start: text,
  end: text,
  /** 0–9; metric4 becomes the priority computed from these. */
  metric1: z.number(),
  metric2: z.number(),
  metric3: z.number(),
  /** The WICHTIGKEIT rating, 0–9. */
  importance: z.number(),
  /** Title of the parent project, listed earlier. */
  parent: text.optional(),
  /** Names of demo applications the project uses. */
  applications: z.array(text).optional(),
  /** Name of a demo resource; the project's tasks take it too. */
  resource: text.optional(),
  /** Subgoal key → the project's value. */
  goals: z.record(text, z.number()).optional(),
  /** Needs `projectNr`: the account takes the project number. */
  entries: z.array(entry).optional(),
  /** The fake tracker's project and epic it links. */
  tracker: z.strictObject({ projectId: text, issue: text }).optional(),
  comments: z.array(text).optional(),
  /** Its INDIVIDUAL lanes, besides tasks and milestones. */
  lanes: z.array(text).optional(),
});

/** A task or milestone, dated relative to the day the demo is created so that the timeline is filled. */
const itemSchema = z.strictObject({
  title: text,
  /** Days from today to its start. */
  startOffset: z.number().int(),
  /** Its length in calendar days; null: a milestone. */
  days: z.number().int().nullable(),
  /** Person-days. */
  effort: z.number().nullable(),
  /** One of its project's lanes; else tasks or milestones. */
  lane: text.optional(),
  /** The fake tracker's issue, and the issue group when the project links no repository. */
  tracker: z.strictObject({ issue: text, issueGroup: text.optional() }).optional(),
});

const tenant = tenantSchema.parse(tenantJson);

export const DEMO_TENANT = 'demo';

/** The demo tenant's features, as its first start creates it. */
export const demoFeatures: FeatureFlags = tenant.features;

export const demoData = {
  tenant,
  /** About 25 applications with parents, releases, statuses, contacts, vendors, attributes and accounts. */
  applications: z.array(applicationSchema).parse(applicationsJson),
  goals: z.array(goalSchema).parse(goalsJson),
  /** The demo resources (§3), in the order they are created. */
  resources: z.array(text).parse(resourcesJson),
  /** About 40 projects of an IT portfolio; parents come before their subprojects. */
  projects: z.array(projectSchema).parse(projectsJson),
  /**
   * The tasks and milestones a new user sees on the timeline, around today, by project; the first
   * projects in the timeline's (alphabetical) order have some, so that its first screen is not empty.
   */
  items: z.record(text, z.array(itemSchema)).parse(itemsJson),
};

export type DemoProject = z.infer<typeof projectSchema>;
