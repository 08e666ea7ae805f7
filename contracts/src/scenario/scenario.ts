import { z } from 'zod';
import { deciderOf, unfolded, unknownCommand } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { DomainError, existsAlready, notFound, versionConflict } from '../errors';
import { problem } from '../problems';
import { asOfSchema } from '../history/history';
import { limits, optionalText, requiredName } from '../rules/limits';
import { pastInstant } from '../rules/instants';
import type { RecordDifference } from './diff';
import type { PublishDecision, PublishedChange } from './publish';
import { referenceConflicts } from './references';
import type { ReferenceFacts } from './references';

const id = z.number().int().positive();
const version = z.number().int().min(0);

/**
 * CreateScenario (issue 22): a what-if branch of the tenant's plan at an instant (`from`, default: when
 * the command is decided). Nothing of the plan is copied: the scenario's view is the live log up to
 * `from`, the live log since, and the scenario's own events on top (docs/design/scenarios.md).
 */
export const createScenarioSchema = z.strictObject({
  name: requiredName(limits.title),
  description: optionalText(limits.description),
  /** ISO date-time with a time zone; not in the future, not before the tenant existed. */
  from: asOfSchema.optional(),
});
export type CreateScenarioData = z.infer<typeof createScenarioSchema>;

/** RenameScenario: a new name and, when given, a new description, on the version the user saw. */
export const renameScenarioSchema = z.strictObject({
  id,
  version,
  name: requiredName(limits.title),
  description: optionalText(limits.description).optional(),
});
export type RenameScenarioData = z.infer<typeof renameScenarioSchema>;

/** DiscardScenario: the scenario is dropped unpublished, on the version the user saw. */
export const discardScenarioSchema = z.strictObject({ id, version });
export type DiscardScenarioData = z.infer<typeof discardScenarioSchema>;

/**
 * PublishScenario: the scenario's changes become live changes, all or nothing, on the version of the
 * scenario the user saw; afterwards the scenario is closed (docs/design/scenarios.md).
 */
export const publishScenarioSchema = z.strictObject({ id, version });
export type PublishScenarioData = z.infer<typeof publishScenarioSchema>;

export type ScenarioCommand =
  | { readonly type: 'CreateScenario'; readonly data: CreateScenarioData }
  | { readonly type: 'RenameScenario'; readonly data: RenameScenarioData }
  | { readonly type: 'DiscardScenario'; readonly data: DiscardScenarioData }
  | { readonly type: 'PublishScenario'; readonly data: PublishScenarioData }
  /** Not a command of the API: the publish's own compensation, when a live change overtook its steps. */
  | {
      readonly type: 'RevertScenarioPublish';
      readonly data: { readonly id: number; readonly records: readonly RecordDifference[] };
    };

/** A scenario was branched: `from` is the instant of the live plan it starts from (ISO date-time, UTC). */
export type ScenarioCreated = DomainEvent<
  'ScenarioCreated',
  {
    readonly id: number;
    readonly name: string;
    readonly description: string | null;
    readonly from: string;
  }
>;
export type ScenarioRenamed = DomainEvent<
  'ScenarioRenamed',
  { readonly id: number; readonly name: string; readonly description: string | null }
>;
export type ScenarioDiscarded = DomainEvent<'ScenarioDiscarded', { readonly id: number }>;
/**
 * A scenario was published: the commit point of the publish. `changes` are the events each live stream
 * gets, after the revision it had when the publish was decided; the scenario is closed.
 */
export type ScenarioPublished = DomainEvent<
  'ScenarioPublished',
  { readonly id: number; readonly changes: readonly PublishedChange[] }
>;
/**
 * A publish was taken back: a live change landed between its decision and its last step, so the steps
 * done were reverted (`records` names what conflicted) and the scenario is open again.
 */
export type ScenarioPublishReverted = DomainEvent<
  'ScenarioPublishReverted',
  { readonly id: number; readonly records: readonly RecordDifference[] }
>;
export type ScenarioEvent =
  ScenarioCreated | ScenarioRenamed | ScenarioDiscarded | ScenarioPublished | ScenarioPublishReverted;

export type ScenarioState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'open' | 'discarded' | 'published';
      readonly id: number;
      readonly name: string;
      readonly description: string | null;
      readonly from: string;
      readonly version: number;
    };
export const initialScenarioState: ScenarioState = { status: 'absent' };

export const evolveScenario = (state: ScenarioState, event: ScenarioEvent): ScenarioState => {
  switch (event.type) {
    case 'ScenarioCreated':
      return { status: 'open', ...event.data, version: 0 };
    case 'ScenarioRenamed':
      return state.status === 'absent'
        ? state
        : {
            ...state,
            name: event.data.name,
            description: event.data.description,
            version: state.version + 1,
          };
    case 'ScenarioDiscarded':
      return state.status === 'absent'
        ? state
        : { ...state, status: 'discarded', version: state.version + 1 };
    case 'ScenarioPublished':
      return state.status === 'absent'
        ? state
        : { ...state, status: 'published', version: state.version + 1 };
    case 'ScenarioPublishReverted':
      return state.status === 'absent' ? state : { ...state, status: 'open', version: state.version + 1 };
    default:
      return unfolded(event, state);
  }
};

export interface ScenarioContext extends DecisionContext {
  readonly newId: number;
  /** CreateScenario: when the tenant's first event was decided (ISO date-time); null when unknown. */
  readonly tenantSince?: string | null;
  /** PublishScenario: the scenario's changes decided against the live plan now (`decidePublish`). */
  readonly publish?: PublishDecision;
  /** PublishScenario: the live state now of each project the publish's items are put into (`referencedProjects`). */
  readonly projects?: ReferenceFacts['projects'];
  /** PublishScenario: their live lanes now, and the live project of each item the publish changes. */
  readonly lanes?: ReferenceFacts['lanes'];
  readonly itemGroups?: ReferenceFacts['itemGroups'];
  /** PublishScenario: the lanes it removes, with the items still in each after it. */
  readonly removed?: ReferenceFacts['removed'];
}

/** 409 `scenario-conflict`: the publish is refused whole; `records` names every conflicting record. */
export const scenarioConflict = (records: PublishDecision['conflicts']) =>
  new DomainError(
    'conflict',
    `the live plan changed what the scenario changes: ${records.map((r) => r.title).join(', ')}`,
    { reason: problem('scenario-conflict', { records: records.length }), extensions: { records } },
  );

/** The open scenario a command changes, on the version the user saw. */
const openScenario = (state: ScenarioState, seen: number) => {
  if (state.status !== 'open') throw notFound('scenario');
  if (seen !== state.version) throw versionConflict(state.version);
  return state;
};

export const decideScenario = (
  command: ScenarioCommand,
  state: ScenarioState,
  context: ScenarioContext,
): ScenarioEvent[] => {
  switch (command.type) {
    case 'CreateScenario': {
      if (state.status !== 'absent') throw existsAlready('scenario');
      const from = pastInstant('from', command.data.from, context);
      const { name, description } = command.data;
      return [
        {
          type: 'ScenarioCreated',
          data: { id: context.newId, name, description: description ?? null, from },
        },
      ];
    }
    case 'RenameScenario': {
      const open = openScenario(state, command.data.version);
      const name = command.data.name;
      const description =
        command.data.description === undefined ? open.description : command.data.description;
      if (name === open.name && description === open.description) return [];
      return [{ type: 'ScenarioRenamed', data: { id: open.id, name, description } }];
    }
    case 'DiscardScenario': {
      const open = openScenario(state, command.data.version);
      return [{ type: 'ScenarioDiscarded', data: { id: open.id } }];
    }
    case 'PublishScenario': {
      const open = openScenario(state, command.data.version);
      if (!context.publish || !context.projects)
        throw new Error('PublishScenario is decided on the scenario’s changes and the projects they name');
      const conflicts = [
        ...context.publish.conflicts,
        ...referenceConflicts(context.publish.changes, { ...context, projects: context.projects }),
      ];
      if (conflicts.length > 0) throw scenarioConflict(conflicts);
      return [{ type: 'ScenarioPublished', data: { id: open.id, changes: context.publish.changes } }];
    }
    case 'RevertScenarioPublish':
      if (state.status !== 'published') throw notFound('scenario');
      return [{ type: 'ScenarioPublishReverted', data: { id: state.id, records: command.data.records } }];
    default:
      return unknownCommand(command);
  }
};

export const scenarioDecider = deciderOf(decideScenario, evolveScenario, initialScenarioState);

/** `X-Fahrplan-Scenario`: the id of the scenario a command is decided in. */
export const scenarioHeaderPattern = /^[1-9]\d{0,14}$/;

/**
 * The planning commands a scenario takes: items, projects with their lanes, key figures and goal
 * values, goals, accounts and their entries, dependencies and reschedules. Any other command sent with
 * `X-Fahrplan-Scenario` (users, roles, tenants, shares, tracker settings, preferences, scenarios
 * themselves) is refused (400), never applied to the live plan instead.
 */
export const scenarioCommandTypes: readonly string[] = [
  'SaveItem',
  'DeleteItem',
  'RestoreItem',
  'SaveGroup',
  'DeleteGroup',
  'RestoreGroup',
  'SetGroupGoals',
  'AddSubgroup',
  'RenameSubgroup',
  'RemoveSubgroup',
  'RestoreSubgroup',
  'CreateGoal',
  'UpdateGoal',
  'DeleteGoal',
  'CreateAccount',
  'AddAccountEntries',
  'RemoveAccountEntry',
  'AddDependency',
  'RemoveDependency',
  'Reschedule',
];

/** A scenario as `GET /api/scenarios` answers it. */
export interface ScenarioView {
  readonly id: number;
  readonly name: string;
  readonly description: string | null;
  /** The instant of the live plan it branched from (ISO date-time, UTC). */
  readonly from: string;
  readonly version: number;
  /** Who created it, and when (ISO date-time). */
  readonly createdBy: string;
  readonly createdAt: string;
  /** `published`: its changes are live, and it is closed (read-only). */
  readonly status: 'open' | 'published';
  /** Who published it, and when (ISO date-time), once published. */
  readonly publishedBy?: string;
  readonly publishedAt?: string;
}
