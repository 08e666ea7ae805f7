/**
 * A realistic project portfolio for read-side benchmarks: goals and projects (groups) of one tenant
 * and another tenant's noise, created, re-rated, moved, aligned with goals, shared and deleted by the
 * real deciders of `contracts/` on commands parsed by the command catalogue's schemas (so every event
 * is one the command service could have stored), appended to the streams the handlers use.
 */
import {
  addDays,
  commandCatalogue,
  goalDecider,
  groupDecider,
  metricTypes,
  streamName,
} from '@fahrplan/contracts';
import type { DecisionContext, GroupCommand, GroupContext, GroupState } from '@fahrplan/contracts';
import type { SqliteEventStore } from '@fahrplan/platform';
import { appendChunk, seeded, workloadContext } from '@fahrplan/platform/testing';
import type { Append } from '@fahrplan/platform/testing';

export interface PortfolioOptions {
  /** The tenant whose portfolio is queried, and how many projects it creates. */
  readonly tenant: string;
  readonly projects: number;
  /** Another tenant, and how many projects it creates (in the same log, interleaved). */
  readonly noiseTenant: string;
  readonly noiseProjects: number;
  /** Commands after the creations, per project: edits, goal values, shares, deletions. */
  readonly changesPerProject?: number;
  /** Same seed, same commands (ids of events and correlations are random all the same). */
  readonly seed?: number;
  /** Commands appended per group commit. */
  readonly chunk?: number;
  /** The first id this workload allocates (below it, ids of tenants and users). */
  readonly firstId?: number;
}

export interface PortfolioWorkload {
  readonly events: number;
  /** The log's head after the workload. */
  readonly position: number;
  /** Projects of `tenant` that are not deleted, with their titles (for queries by title). */
  readonly titles: readonly string[];
  /** Projects of the noise tenant shared with `tenant` and accepted (0 when the build has no acceptance). */
  readonly acceptedShares: number;
}

interface Project {
  readonly tenant: string;
  readonly id: number;
  state: GroupState;
  readonly parent: number | null;
}

const users = ['anna.keller', 'marco.rossi', 'lea.meier', 'tom.berger', 'sara.huber'];
const topics = ['Cloud', 'ERP', 'Data', 'Security', 'Portal', 'Network', 'Workplace', 'CRM', 'Archive'];
const kinds = ['Migration', 'Rollout', 'Upgrade', 'Consolidation', 'Replacement', 'Pilot', 'Programme'];
const goalNames = [
  'Digital customer',
  'Cost efficiency',
  'Security by design',
  'Cloud first',
  'Data driven',
  'Sustainability',
  'Compliance',
  'Employee experience',
];

/** Appends a portfolio to `store`; every command's events go to its stream at the revision it was decided on. */
export async function appendPortfolioWorkload(
  store: SqliteEventStore,
  options: PortfolioOptions,
): Promise<PortfolioWorkload> {
  const { next, pick } = seeded(options.seed ?? 4711);
  const between = (from: number, to: number) => from + Math.floor(next() * (to - from + 1));
  const other = (tenant: string) => (tenant === options.tenant ? options.noiseTenant : options.tenant);
  let lastId = (options.firstId ?? 100_000) - 1;
  let step = 0;
  const goals = new Map<string, number[]>();
  const active = new Map<string, Project[]>();
  const roots = new Map<string, Project[]>();
  let acceptedShares = 0;
  let acceptance = true;

  const context = (tenant: string): DecisionContext => workloadContext(tenant, pick(users), step);

  const createGoal = (tenant: string, name: string): Append => {
    const ctx = context(tenant);
    const id = (lastId += 1);
    const data = commandCatalogue.CreateGoal.schema.parse({
      name,
      type: 'strategic',
      rank: (goals.get(tenant)?.length ?? 0) + 1,
      description: `${name} (${tenant})`,
    });
    const events = goalDecider.decide({ type: 'CreateGoal', data }, goalDecider.initialState, {
      ...ctx,
      newId: id,
      parentExists: true,
    });
    goals.set(tenant, [...(goals.get(tenant) ?? []), id]);
    return {
      stream: streamName('goal', id),
      expected: 'no_stream',
      context: ctx,
      command: 'CreateGoal',
      events,
    };
  };

  /** Decides `command` on the project, as the handler does with the facts it looked up. */
  const change = (project: Project, command: GroupCommand, facts: Partial<GroupContext> = {}): Append => {
    const ctx = context(command.type === 'AcceptProjectShare' ? other(project.tenant) : project.tenant);
    const events = groupDecider.decide(command, project.state, {
      ...ctx,
      newId: project.id,
      parentChain: project.parent === null ? [] : [project.parent],
      ...facts,
    });
    const expected = project.state.status === 'absent' ? ('no_stream' as const) : project.state.version;
    for (const event of events) project.state = groupDecider.evolve(project.state, event);
    return { stream: streamName('group', project.id), expected, context: ctx, command: command.type, events };
  };

  const save = (project: Project, data: Record<string, unknown>) =>
    change(project, { type: 'SaveGroup', data: commandCatalogue.SaveGroup.schema.parse(data) });

  const metrics = () =>
    metricTypes.map((type) => ({ group: next() < 0.2 ? 'Board' : null, type, value: between(0, 9) }));

  const createProject = (tenant: string): Append => {
    const topic = pick(topics);
    const kind = pick(kinds);
    const parents = roots.get(tenant) ?? [];
    const parent = parents.length > 0 && next() < 0.25 ? pick(parents) : undefined;
    const project: Project = {
      tenant,
      id: (lastId += 1),
      state: groupDecider.initialState,
      parent: parent?.id ?? null,
    };
    const start = addDays('2024-01-01', between(0, 4 * 365));
    const dated = next() < 0.95;
    const tracked = next() < 0.3;
    const created = save(project, {
      title: `${topic} ${kind} ${project.id}`,
      shortname: `${topic.slice(0, 3).toUpperCase()}-${project.id % 10_000}`,
      description:
        `${kind} of the ${topic.toLowerCase()} landscape for ${tenant}: ${'scope, plan and rollout; '.repeat(between(1, 6))}`.trim(),
      contact: pick(users),
      projectNr: next() < 0.6 ? `PRJ-${project.id}` : null,
      docUrl: `https://wiki.example.com/projects/${project.id}`,
      start: dated ? start : null,
      end: dated ? addDays(start, between(20, 900)) : null,
      parent: parent?.id ?? null,
      jirarepo: tracked ? { id: 'PLAN', url: 'https://tracker.example.com/PLAN' } : null,
      jiraid: tracked ? `PLAN-${project.id % 5000}` : null,
      metric1: between(0, 9),
      metric2: between(0, 9),
      metric3: between(0, 9),
      metrics: metrics(),
      healthStatus: between(0, 3),
      phase: between(0, 5),
      status: between(0, 6),
      art: between(0, 3),
      klasse: between(0, 3),
      resource: next() < 0.7 ? between(1, 12) : null,
      attributes: [{ key: 'sponsor', value: pick(users) }],
    });
    (active.get(tenant) ?? active.set(tenant, []).get(tenant)!).push(project);
    if (!parent) (roots.get(tenant) ?? roots.set(tenant, []).get(tenant)!).push(project);
    return created;
  };

  /** Edits weighted like portfolio work: re-ratings, moved dates, status and health, goals, a few shares and deletions. */
  const changeProject = (tenant: string): Append | undefined => {
    const projects = active.get(tenant) ?? [];
    if (projects.length === 0) return undefined;
    const project = pick(projects);
    if (project.state.status !== 'active') return undefined;
    const { version, fields } = project.state;
    const roll = next();
    if (roll < 0.3) return save(project, { id: project.id, version, metrics: metrics() });
    if (roll < 0.5 && fields.start)
      // a new start keeps the working-day duration: the decider moves the end (§4)
      return save(project, { id: project.id, version, start: addDays(fields.start, between(-60, 120)) });
    if (roll < 0.7)
      return save(project, { id: project.id, version, status: between(0, 6), healthStatus: between(0, 3) });
    if (roll < 0.8)
      return save(project, { id: project.id, version, phase: between(0, 5), contact: pick(users) });
    if (roll < 0.93) {
      const ids = goals.get(tenant) ?? [];
      const chosen = [...new Set([pick(ids), pick(ids), pick(ids)])];
      const data = commandCatalogue.SetGroupGoals.schema.parse({
        id: project.id,
        goals: chosen.map((goalId) => ({ goalId, value: between(0, 9) })),
      });
      return change(project, { type: 'SetGroupGoals', data }, { unknownGoals: [] });
    }
    if (roll < 0.96) {
      if (project.state.shares.length > 0) return undefined;
      const data = commandCatalogue.ShareProject.schema.parse({ id: project.id, tenant: other(tenant) });
      return change(project, { type: 'ShareProject', data }, { tenantExists: true });
    }
    projects.splice(projects.indexOf(project), 1);
    const list = roots.get(tenant) ?? [];
    if (list.includes(project)) list.splice(list.indexOf(project), 1);
    const data = commandCatalogue.DeleteGroup.schema.parse({ id: project.id, version });
    return change(project, { type: 'DeleteGroup', data });
  };

  /** The noise tenant's shares to `tenant`, accepted by it, so its portfolio holds shared projects too. */
  const acceptShares = (): Append[] => {
    if (!acceptance) return [];
    const accepted: Append[] = [];
    for (const project of active.get(options.noiseTenant) ?? []) {
      if (project.state.status !== 'active' || project.state.shares.length === 0) continue;
      try {
        // cast: AcceptProjectShare arrives with the shared-projects change; a build without it skips this
        const command = { type: 'AcceptProjectShare', data: { id: project.id, tenant: options.tenant } };
        accepted.push(change(project, command as unknown as GroupCommand));
        acceptedShares += 1;
      } catch {
        acceptance = false;
        return accepted;
      }
    }
    return accepted;
  };

  const pending: Append[] = [];
  for (const tenant of [options.tenant, options.noiseTenant])
    for (const name of goalNames) pending.push(createGoal(tenant, name));

  const toCreate = new Map([
    [options.tenant, options.projects],
    [options.noiseTenant, options.noiseProjects],
  ]);
  let creations = options.projects + options.noiseProjects;
  let changes = Math.round(creations * (options.changesPerProject ?? 1.5));
  /** The next command: creations and changes interleaved evenly, tenants in proportion to their size. */
  const command = (): Append | undefined => {
    const tenant =
      next() * (options.projects + options.noiseProjects) < options.projects
        ? options.tenant
        : options.noiseTenant;
    if (creations > 0 && (changes === 0 || next() * (creations + changes) < creations)) {
      const owner = toCreate.get(tenant)! > 0 ? tenant : other(tenant);
      toCreate.set(owner, toCreate.get(owner)! - 1);
      creations -= 1;
      return createProject(owner);
    }
    changes -= 1;
    return changeProject(tenant);
  };

  const chunkSize = options.chunk ?? 500;
  let written = 0;
  let position = 0;
  const flush = async (chunk: readonly Append[]) => {
    const head = await appendChunk(store, chunk);
    written += chunk.reduce((sum, append) => sum + append.events.length, 0);
    position = head ?? position;
  };
  while (creations > 0 || changes > 0 || pending.length > 0) {
    while (pending.length < chunkSize && (creations > 0 || changes > 0)) {
      step += 1;
      const append = command();
      if (append && append.events.length > 0) pending.push(append);
    }
    await flush(pending.splice(0));
  }
  await flush(acceptShares());
  const titles = (active.get(options.tenant) ?? [])
    .filter((project) => project.state.status === 'active')
    .map((project) => (project.state.status === 'active' ? project.state.fields.title : ''));
  return { events: written, position, titles, acceptedShares };
}
