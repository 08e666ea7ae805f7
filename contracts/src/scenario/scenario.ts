import { z } from 'zod';
import { deciderOf, unfolded, unknownCommand } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { existsAlready, notFound, versionConflict } from '../errors';
import { asOfSchema } from '../history/history';
import { limits, optionalText, requiredName } from '../rules/limits';
import { pastInstant } from '../rules/instants';

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
  | { readonly type: 'DiscardScenario'; readonly data: DiscardScenarioData };

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
export type ScenarioEvent = ScenarioCreated | ScenarioRenamed | ScenarioDiscarded;

export type ScenarioState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'open' | 'discarded';
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
    default:
      return unfolded(event, state);
  }
};

export interface ScenarioContext extends DecisionContext {
  readonly newId: number;
  /** CreateScenario: when the tenant's first event was decided (ISO date-time); null when unknown. */
  readonly tenantSince?: string | null;
}

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
}
