import { CommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  can,
  commandCatalogue,
  compensationOf,
  conflictsSince,
  decidePublish,
  groupDecider,
  isCommandType,
  liveItemGroups,
  notFound,
  referencedProjects,
  removedLanes,
  notPermitted,
  parseStreamName,
  scenarioConflict,
  scenarioDecider,
  scenarioStreamName,
  streamName,
} from '@fahrplan/contracts';
import type {
  AccountRefType,
  CommandDefinition,
  CommandResult,
  GroupEvent,
  LiveProject,
  PublishDecision,
  PublishScenarioData,
  PublishedChange,
  RecordDifference,
  RemovedLane,
  ScenarioEvent,
  ScenarioPublishReverted,
  ScenarioPublished,
  ScenarioStream,
  StoredEvent,
} from '@fahrplan/contracts';
import { nameBasedUuid } from '@fahrplan/platform';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import type { CommandEnvelope } from '../infrastructure/aggregate-runner';
import { PublishScenarioMessage } from '../infrastructure/command-message';
import { followStep } from '../infrastructure/follow-step';
import type { StepDone } from '../infrastructure/follow-step';

/** The id of a publish's event on a live stream: the same on every retry, so that none is written twice. */
const stepId = (scenario: string, stream: string, index: number, step: 'follow' | 'revert') =>
  nameBasedUuid(`${scenario}\u0000${stream}\u0000${index}\u0000${step}`);

/**
 * PublishScenario (issue 22, docs/design/scenarios.md "Publishing"): decided on every record stream the
 * scenario changed against the live plan now, all or nothing; committed as one `ScenarioPublished` on
 * the scenario's stream; then each live stream follows with the scenario's events, as a reschedule's
 * items follow its commit. A live change landing between decision and step that touches what the step
 * sets is compensated: the steps done are reverted and the scenario is open again.
 */
@CommandHandler(PublishScenarioMessage)
export class PublishScenarioHandler extends AggregateHandler<PublishScenarioMessage> {
  async execute({ data, envelope }: PublishScenarioMessage): Promise<CommandResult> {
    const command = data as PublishScenarioData;
    const stream = streamName('scenario', command.id);
    const earlier = await this.earlier(stream, command, envelope.tenant);
    if (earlier?.reverted) throw scenarioConflict(earlier.reverted);
    if (earlier) return this.follow(stream, command, earlier.commit, envelope);
    let result: CommandResult;
    try {
      result = await this.runOnRecord(
        'scenario',
        { id: command.id },
        scenarioDecider,
        { type: 'PublishScenario', data: command },
        envelope,
        async (state) => {
          if (state.status !== 'open') return {};
          const { publish, itemGroups } = await this.decide(command.id, envelope);
          return {
            publish,
            itemGroups,
            removed: await this.removedLanes(command.id, publish, envelope.tenant),
            ...(await this.projectsOf(publish, itemGroups, envelope.tenant)),
          };
        },
      );
    } catch (error) {
      // a concurrent run of the same publish committed first: complete its steps
      const winner = error instanceof DomainError && (await this.earlier(stream, command, envelope.tenant));
      if (winner && !winner.reverted) return this.follow(stream, command, winner.commit, envelope);
      throw error;
    }
    const [commit] = await this.runner.read(stream, result.version, 1);
    return this.follow(stream, command, commit as unknown as StoredEvent<ScenarioPublished>, envelope);
  }

  /** The publish of the version the user saw, when stored already: its commit, or its reversal. */
  private async earlier(
    stream: string,
    { version }: PublishScenarioData,
    tenant: string,
  ): Promise<{
    readonly commit: StoredEvent<ScenarioPublished>;
    readonly reverted?: readonly RecordDifference[];
  } | null> {
    const events = (await this.runner.read(
      stream,
      version + 1,
      2,
    )) as unknown as StoredEvent<ScenarioEvent>[];
    const [commit, next] = events;
    if (commit && commit.metadata.tenant !== tenant) throw notFound('scenario');
    if (commit?.type !== 'ScenarioPublished') return null;
    const published = commit as StoredEvent<ScenarioPublished>;
    return next?.type === 'ScenarioPublishReverted'
      ? { commit: published, reverted: (next.data as ScenarioPublishReverted['data']).records }
      : { commit: published };
  }

  /**
   * Every record stream the scenario changed, with its live events now; each change's permission checked.
   * Also the live project of each item it changes, for a lane move that names none.
   */
  private async decide(
    scenario: number,
    envelope: CommandEnvelope,
  ): Promise<{ publish: PublishDecision; itemGroups: Map<number, number> }> {
    const streams: ScenarioStream[] = [];
    for (const stream of await this.runner.scenarioRecords(scenario)) {
      const ours = await this.runner.read(scenarioStreamName(scenario, stream));
      if (ours.length === 0) continue;
      await this.assertMayPublish(stream, ours, envelope);
      streams.push({ stream, live: await this.runner.read(stream), scenario: ours });
    }
    return { publish: decidePublish(streams), itemGroups: liveItemGroups(streams) };
  }

  /** The live state and lanes now of each project the publish's items are put into; another tenant's is absent. */
  private async projectsOf(
    publish: PublishDecision,
    itemGroups: ReadonlyMap<number, number>,
    tenant: string,
  ): Promise<{ projects: Map<number, LiveProject>; lanes: Map<number, string[]> }> {
    const projects = new Map<number, LiveProject>();
    const lanes = new Map<number, string[]>();
    for (const id of referencedProjects(publish.changes, itemGroups)) {
      const events = await this.runner.read(streamName('group', id));
      const state =
        events[0]?.metadata.tenant === tenant
          ? events.reduce(
              (folded, event) => groupDecider.evolve(folded, event as unknown as GroupEvent),
              groupDecider.initialState,
            )
          : groupDecider.initialState;
      projects.set(id, state.status);
      lanes.set(id, state.status === 'absent' ? [] : state.subgroups.map((lane) => lane.id));
    }
    return { projects, lanes };
  }

  /**
   * The lanes the publish removes, each with the items in it after the publish: the live item index
   * corrected by the scenario's items (`Lookups.inScenario`), so an item moved into it live since counts.
   */
  private removedLanes(scenario: number, publish: PublishDecision, tenant: string): Promise<RemovedLane[]> {
    const removed = removedLanes(publish.changes);
    if (removed.length === 0) return Promise.resolve([]);
    const inScenario = this.lookups.inScenario(scenario);
    return Promise.all(
      removed.map(async ({ project, lane }) => {
        const events = await this.runner.read(streamName('group', project));
        const state = events.reduce(
          (folded, event) => groupDecider.evolve(folded, event as unknown as GroupEvent),
          groupDecider.initialState,
        );
        const title = state.status === 'absent' ? `#${project}` : state.fields.title;
        return { project, lane, title, items: await inScenario.laneItems(project, lane, tenant) };
      }),
    );
  }

  /** Publishing needs, for each change, the permission its command needs on the live plan. */
  private async assertMayPublish(
    stream: string,
    events: readonly StoredEvent[],
    { tenant, user: username }: CommandEnvelope,
  ): Promise<void> {
    const user = this.directory.user(tenant, username);
    if (!user) throw notPermitted();
    const refType = parseStreamName(stream).category === 'account' ? await this.refTypeOf(stream) : undefined;
    for (const event of events) {
      const type = event.metadata.command;
      if (type === undefined || !isCommandType(type)) continue;
      const creates = event.type.endsWith('Created') || event.type === 'DependencyAdded';
      const required = (commandCatalogue[type] as CommandDefinition).permission(
        // a creation's data names its new id: the permission asks whether the command created
        creates ? { ...(event.data as object), id: undefined } : (event.data as Record<string, unknown>),
        refType ? { refType } : undefined,
      );
      if (required && !can(user.permissions, required.resource, required.action)) throw notPermitted();
    }
  }

  private async refTypeOf(stream: string): Promise<AccountRefType | undefined> {
    const [created] = await this.runner.read(stream, 0, 1);
    return (created?.data as { refType?: AccountRefType } | undefined)?.refType;
  }

  /**
   * The committed publish's steps, each live stream after the revision the decision saw; a live change
   * since that touches none of the step's fields lets it follow after that change (the publish's own
   * rule). Otherwise the steps done are reverted, the reversal recorded, and the answer is 409.
   */
  private async follow(
    stream: string,
    { id, version }: PublishScenarioData,
    commit: StoredEvent<ScenarioPublished>,
    envelope: CommandEnvelope,
  ): Promise<CommandResult> {
    const publishing = { ...envelope, source: `scenario:${id}` };
    // every step requested at once, in the commit's order: the event store commits them together
    // (SQLite: one transaction and one fsync for the lot instead of one per record)
    const steps = await Promise.all(
      commit.data.changes.map(async (change) => {
        let conflicts: RecordDifference[] = [];
        const at = await followStep(this.runner, this.stepOf(stream, change), publishing, stream, (since) => {
          conflicts = conflictsSince(change, since);
          return conflicts.length === 0;
        });
        return { change, at, conflicts };
      }),
    );
    const done = steps.flatMap(({ change, at }) => (at === null ? [] : [{ change, at }]));
    const conflicts = steps.flatMap((step) => (step.at === null ? step.conflicts : []));
    if (done.length < steps.length) {
      await this.revert(stream, version, done, publishing, conflicts);
      throw scenarioConflict(conflicts);
    }
    const position = Math.max(commit.position, ...done.map(({ at }) => at.position));
    return { id, version: version + 1, position };
  }

  private stepOf(stream: string, change: PublishedChange) {
    return {
      stream: change.stream,
      expected: change.expectedVersion ?? ('no_stream' as const),
      events: change.events.map((event, i) => ({ id: stepId(stream, change.stream, i, 'follow'), ...event })),
    };
  }

  /**
   * Compensation: every step done goes back (each expecting the revision its step made; one changed
   * again meanwhile keeps that change), and the scenario's stream records the reversal.
   */
  private async revert(
    stream: string,
    version: number,
    done: readonly { change: PublishedChange; at: StepDone }[],
    envelope: CommandEnvelope,
    records: readonly RecordDifference[],
  ): Promise<void> {
    for (const { change, at } of done) {
      const before = await this.runner.read(change.stream, 0, at.revision - change.events.length + 1);
      const events = compensationOf(change, before).map((event, i) => ({
        id: stepId(stream, change.stream, i, 'revert'),
        ...event,
      }));
      if (events.length > 0)
        await followStep(
          this.runner,
          { stream: change.stream, expected: at.revision, events },
          envelope,
          stream,
        );
    }
    const { state, expected } = await this.runner.load(stream, scenarioDecider, envelope.tenant, 'scenario');
    if (expected !== version + 1) return;
    const id = Number(parseStreamName(stream).id);
    const reversal = scenarioDecider.decide({ type: 'RevertScenarioPublish', data: { id, records } }, state, {
      tenant: envelope.tenant,
      user: envelope.user,
      now: new Date().toISOString(),
      newId: id,
    });
    await this.runner.appendStep(
      stream,
      reversal.map((event) => ({ id: stepId(stream, stream, version + 1, 'revert'), ...event })),
      expected,
      envelope,
      stream,
    );
  }
}
