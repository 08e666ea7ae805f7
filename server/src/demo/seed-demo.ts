import { addDays, commandCatalogue, trackerRepositoryId } from '@fahrplan/contracts';
import type { CommandResult, CommandType } from '@fahrplan/contracts';
import {
  AddAccountEntriesMessage,
  CreateAccountMessage,
  CreateCommentMessage,
  CreateGoalMessage,
  SaveApplicationMessage,
  AddSubgroupMessage,
  SaveGroupMessage,
  SaveItemMessage,
  SaveResourceMessage,
  SaveTrackerConnectionMessage,
  SetGroupGoalsMessage,
  createTenant,
  createUser,
} from '@fahrplan/command-service';
import type { CommandEnvelope } from '@fahrplan/command-service';
import { CommandBus } from '@nestjs/cqrs';
import type { INestApplicationContext } from '@nestjs/common';
import type { Embedded } from '../embedded/embedded';
import { DEMO_TENANT, demoData } from './demo-data';
import type { DemoEntry, DemoProject } from './demo-data';

/** What seeding needs: the stores and the command bus of a running command service. */
export type DemoParts = Pick<Embedded, 'store' | 'ids' | 'directory'> & {
  readonly app: INestApplicationContext;
};

/** The fake tracker `npm start` serves, and the demo's connection to it. */
interface DemoTracker {
  readonly connectionId: number;
  readonly baseUrl: string;
}

type Run = (
  Message: new (data: unknown, envelope: CommandEnvelope) => object,
  data: unknown,
) => Promise<CommandResult>;

/** Name or title → id of what the demo created so far. */
type Ids = ReadonlyMap<string, number>;

const lookup = (ids: Ids, name: string): number => {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`demo data: unknown reference '${name}'`);
  return id;
};

/**
 * First start: the demo tenant, its admin, viewer and auditor, and realistic data, all through the
 * real commands. With `tracker` (the fake tracker `npm start` serves), the jira feature is on and a
 * connection to it links two projects and three tasks.
 */
export const seedDemo = async (
  embedded: DemoParts,
  password: string,
  options: { tracker?: { baseUrl: string; email: string; apiToken: string } } = {},
): Promise<void> => {
  await createDemoTenant(embedded, password, options.tracker !== undefined);
  const run = commandRunner(embedded.app);
  const applicationIds = await seedApplications(run);
  const tracker = options.tracker ? await connectTracker(run, options.tracker) : null;
  const goalIds = await seedGoals(run);
  const resourceIds = new Map<string, number>();
  for (const name of demoData.resources) resourceIds.set(name, (await run(SaveResourceMessage, { name })).id);
  const projectIds = await seedProjects(run, { applicationIds, goalIds, resourceIds }, tracker);
  await seedItems(run, projectIds, resourceIds, tracker);
};

/** The tenant and its users, provisioned before any command can run as its admin. */
const createDemoTenant = async ({ store, ids, directory }: DemoParts, password: string, jira: boolean) => {
  const { features, applicationAttributes, taskAttributes, projectAttributes, users } = demoData.tenant;
  await directory.waitFor(
    await createTenant(store, ids, {
      name: DEMO_TENANT,
      features: { ...features, jira },
      applicationAttributes,
      taskAttributes,
      projectAttributes,
    }),
  );
  const roles = Object.values(directory.tenant(DEMO_TENANT)!.roles);
  let last = 0;
  for (const { username, displayName, role } of users)
    last = await createUser(store, ids, {
      tenant: DEMO_TENANT,
      username,
      displayName,
      password,
      permissions: {},
      roles: [roles.find((r) => r.name === role)!.id],
    });
  await directory.waitFor(last);
};

/**
 * Runs a command as the demo's admin, parsed like the HTTP API does: validated, with its defaults and
 * normalisations.
 */
const commandRunner = (app: INestApplicationContext): Run => {
  const bus = app.get(CommandBus);
  return (Message, data) => {
    const type = Message.name.replace(/Message$/, '') as CommandType;
    const envelope: CommandEnvelope = {
      tenant: DEMO_TENANT,
      user: 'admin',
      commandType: type,
      source: 'demo',
    };
    return bus.execute(new Message(commandCatalogue[type].schema.parse(data), envelope));
  };
};

/** The applications with their accounts, then their comments. */
const seedApplications = async (run: Run): Promise<Ids> => {
  const byName = new Map<string, number>();
  for (const { parent, entries, comments: _, ...app } of demoData.applications) {
    const saved = await run(SaveApplicationMessage, {
      ...app,
      parent: parent ? lookup(byName, parent) : null,
    });
    byName.set(app.name, saved.id);
    if (entries) await addAccount(run, 'application', saved, entries);
  }
  for (const { name, comments = [] } of demoData.applications)
    for (const description of comments)
      await run(CreateCommentMessage, { refType: 'application', refId: lookup(byName, name), description });
  return byName;
};

/** An account with `entries` for a saved application or project, linked to it. */
const addAccount = async (
  run: Run,
  refType: 'application' | 'group',
  saved: CommandResult,
  entries: readonly DemoEntry[],
): Promise<void> => {
  const account = await run(CreateAccountMessage, { refType, refId: saved.id });
  const Save = refType === 'application' ? SaveApplicationMessage : SaveGroupMessage;
  await run(Save, { id: saved.id, version: saved.version, account: account.id });
  await run(AddAccountEntriesMessage, {
    accountId: account.id,
    entries: entries.map(([sicht, periode, amount, projekt, typ, gruppe]) => ({
      sicht,
      periode,
      amount,
      projekt,
      typ,
      gruppe,
    })),
  });
};

const connectTracker = async (
  run: Run,
  { baseUrl, email, apiToken }: { baseUrl: string; email: string; apiToken: string },
): Promise<DemoTracker> => {
  const connection = await run(SaveTrackerConnectionMessage, {
    ...demoData.tenant.trackerConnection,
    baseUrl,
    email,
    secret: apiToken,
  });
  return { connectionId: connection.id, baseUrl };
};

/** The goal tree; subgoal key → id. */
const seedGoals = async (run: Run): Promise<Ids> => {
  const subgoalIds = new Map<string, number>();
  for (const [index, { name, description, subgoals }] of demoData.goals.entries()) {
    // ranks 10, 11, 12, 20, …: the goal list (sorted by rank) reads as the tree
    const rank = (index + 1) * 10;
    const strategic = await run(CreateGoalMessage, {
      name,
      description,
      type: 'STRATEGY',
      rank,
      assignable: false,
    });
    for (const [subIndex, { key, name: subName }] of subgoals.entries()) {
      const sub = await run(CreateGoalMessage, {
        name: subName,
        parent: strategic.id,
        type: 'OBJECTIVE',
        rank: rank + subIndex + 1,
      });
      subgoalIds.set(key, sub.id);
    }
  }
  return subgoalIds;
};

/** The projects with their goal values and accounts, then their comments and lanes; title → id. */
const seedProjects = async (
  run: Run,
  ids: { applicationIds: Ids; goalIds: Ids; resourceIds: Ids },
  tracker: DemoTracker | null,
): Promise<Ids> => {
  const projectIds = new Map<string, number>();
  for (const project of demoData.projects) {
    const saved = await run(SaveGroupMessage, saveGroupData(project, { ...ids, projectIds }, tracker));
    projectIds.set(project.title, saved.id);
    if (project.entries) await addAccount(run, 'group', saved, project.entries);
    const values = Object.entries(project.goals ?? {});
    if (values.length > 0)
      await run(SetGroupGoalsMessage, {
        id: saved.id,
        goals: values.map(([key, value]) => ({ goalId: lookup(ids.goalIds, key), value })),
      });
  }
  for (const { title, comments = [] } of demoData.projects)
    for (const description of comments)
      await run(CreateCommentMessage, { refType: 'PROJECT', refId: lookup(projectIds, title), description });
  for (const { title, lanes = [] } of demoData.projects)
    for (const name of lanes) await run(AddSubgroupMessage, { id: lookup(projectIds, title), name });
  return projectIds;
};

/** SaveGroup's data for `project`, its references resolved to ids. */
const saveGroupData = (
  project: DemoProject,
  ids: { applicationIds: Ids; resourceIds: Ids; projectIds: Ids },
  tracker: DemoTracker | null,
) => ({
  title: project.title,
  projectNr: project.projectNr,
  shortname: project.shortname,
  contact: project.contact,
  description: project.description,
  start: project.start,
  end: project.end,
  status: project.status,
  phase: project.phase,
  healthStatus: project.healthStatus,
  art: project.art,
  klasse: project.klasse,
  metric1: project.metric1,
  metric2: project.metric2,
  metric3: project.metric3,
  // metric4 becomes the priority computed from these
  metrics: [
    { type: 'WICHTIGKEIT', value: project.importance },
    { type: 'DRINGLICHKEIT', value: project.metric2 },
    { type: 'ARCHITEKTUR', value: project.metric1 },
    { type: 'BETRIEB', value: project.metric2 },
    { type: 'GESCHAEFTSPROZESSE', value: project.metric3 },
  ],
  parent: project.parent ? lookup(ids.projectIds, project.parent) : null,
  applications: (project.applications ?? []).map((name) => lookup(ids.applicationIds, name)),
  resource: project.resource ? lookup(ids.resourceIds, project.resource) : null,
  ...(tracker && project.tracker
    ? {
        jirarepo: {
          id: trackerRepositoryId(tracker.connectionId, project.tracker.projectId),
          url: tracker.baseUrl,
        },
        jiraid: project.tracker.issue,
      }
    : {}),
});

/** The demo items, dated relative to today so that the timeline is filled whenever it is opened. */
const seedItems = async (
  run: Run,
  projectIds: Ids,
  resourceIds: Ids,
  tracker: DemoTracker | null,
): Promise<void> => {
  const today = new Date().toISOString().slice(0, 10);
  const projects = new Map(demoData.projects.map((project) => [project.title, project]));
  for (const [title, items] of Object.entries(demoData.items)) {
    const project = projects.get(title);
    // lane ids are numbered per project from lane-1, in the order they were added
    const laneIds = new Map(project?.lanes?.map((name, index) => [name, `lane-${index + 1}`]));
    const resource = project?.resource ? lookup(resourceIds, project.resource) : null;
    for (const { title: itemTitle, startOffset, days, effort, lane, tracker: link } of items) {
      const start = addDays(today, startOffset);
      await run(SaveItemMessage, {
        title: itemTitle,
        group: lookup(projectIds, title),
        subgroup: lane ? laneIds.get(lane) : days === null ? 'milestones' : 'tasks',
        start: `${start}T00:00`,
        end: days === null ? null : `${addDays(start, days)}T00:00`,
        effort,
        resource: days === null ? null : resource,
        ...(tracker && link
          ? {
              jiraid: link.issue,
              ...(link.issueGroup
                ? { jiragroup: trackerRepositoryId(tracker.connectionId, link.issueGroup) }
                : {}),
            }
          : {}),
      });
    }
  }
};
