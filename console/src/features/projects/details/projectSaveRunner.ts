import type { TFunction } from 'i18next';
import type { CommandResult } from '@fahrplan/contracts';
import { describeError, problemOf } from '../../common/problem';
import type { KeyedSend } from '../../record-dialog/idempotencyKeys';
import { saveStepSender } from '../../record-dialog/SaveStepError';
import type { AttributeDefinition } from '../../common/attributes';
import { toSaveCommand } from './projectForm';
import type { ProjectFormValues, ProjectRecord } from './projectForm';
import type { CreateGoalInput, SaveGroupInput } from './projectDetailsApi';
import { planSave, projectStepSource, stepKey, stepLabel } from './projectSavePlan';
import type { PlannedStep } from './projectSavePlan';

/** The commands the flow sends, each with the Idempotency-Key of its attempt and its step's source. */
export interface ProjectCommands {
  saveGroup: (data: SaveGroupInput, key: string, source: string) => Promise<CommandResult>;
  createComment: (
    data: { refType: 'PROJECT'; refId: number; description: string },
    key: string,
    source: string,
  ) => Promise<CommandResult>;
  shareProject: (data: { id: number; tenant: string }, key: string, source: string) => Promise<CommandResult>;
  unshareProject: (
    data: { id: number; tenant: string },
    key: string,
    source: string,
  ) => Promise<CommandResult>;
  createGoal: (data: CreateGoalInput, key: string, source: string) => Promise<CommandResult>;
  setGroupGoals: (
    data: { id: number; goals: { goalId: number; value: number }[] },
    key: string,
    source: string,
  ) => Promise<CommandResult>;
  createAccount: (
    data: { refType: 'group'; refId: number },
    key: string,
    source: string,
  ) => Promise<CommandResult>;
}

/** What the flow remembers between a failed run and its retry (besides the Idempotency-Keys). */
export interface FlowMemory {
  /** Pending goal key → the id it was created with. */
  readonly createdGoals: Map<string, number>;
  /** An account created whose storing on the project has not succeeded yet. */
  unstoredAccount: { refId: number; id: number } | null;
}

export const newFlowMemory = (): FlowMemory => ({ createdGoals: new Map(), unstoredAccount: null });

export interface ProjectSaveInput {
  values: ProjectFormValues;
  /** What the server has (the form's initial values). */
  before: ProjectFormValues;
  record: ProjectRecord | null;
  /** The tenant's project attribute schema (issue 19). */
  definitions?: readonly AttributeDefinition[];
  /** The steps' labels in the language shown. */
  t: TFunction<'projects'>;
  /** After each successful step: the new baseline and record, and what was done (for the dialog). */
  onStep: (progress: {
    before: ProjectFormValues;
    record: ProjectRecord;
    done: string;
    step: PlannedStep;
  }) => void;
}

/** A step's failure: the tenant steps name the field message ('tenant not found'), others the detail. */
const failureDetail = (step: PlannedStep, reason: unknown) => {
  const tenantError = problemOf(reason)?.errors?.find((e) => e.field === 'tenant');
  return (step.step === 'share' || step.step === 'unshare') && tenantError
    ? tenantError.message
    : describeError(reason);
};

/**
 * Runs the §4 project save flow: the steps `planSave` lists against what the server already has, so a
 * retry continues at the failed step with the record and version reached; each step keeps its
 * Idempotency-Key until it succeeds (`withKey`). A failure is a SaveStepError naming the step.
 */
export async function runProjectSave(
  commands: ProjectCommands,
  withKey: KeyedSend,
  memory: FlowMemory,
  input: ProjectSaveInput,
): Promise<ProjectRecord> {
  const { values } = input;
  let { before, record } = input;
  const stored = memory.unstoredAccount;
  const plan = planSave({
    before,
    after: values,
    record,
    createdGoals: memory.createdGoals,
    unstoredAccount: stored && record && stored.refId === record.id ? stored.id : null,
    definitions: input.definitions ?? [],
  });
  const send = saveStepSender(withKey, stepKey, projectStepSource, (planned: PlannedStep, error) => ({
    failed: stepLabel(planned, input.t).failed,
    detail: failureDetail(planned, error),
  }));
  const goalId = (goal: number | string) =>
    typeof goal === 'number' ? goal : (memory.createdGoals.get(goal) ?? Number.NaN);

  for (const planned of plan) {
    if (planned.step === 'project') {
      const data = toSaveCommand(values, record, record ? before : null, input.definitions ?? []);
      const saved = await send(planned, data, (key, source) => commands.saveGroup(data, key, source));
      record = { id: saved.id, version: saved.version, account: record?.account ?? null };
      const { comment, shareWith, strategy, addAccount } = before;
      before = { ...values, comment, shareWith, strategy, addAccount };
    } else {
      if (!record) throw new Error('the project is not saved yet');
      const current: ProjectRecord = record;
      const { id } = current;
      switch (planned.step) {
        case 'comment': {
          const data = { refType: 'PROJECT' as const, refId: id, description: planned.description };
          await send(planned, data, (key, source) => commands.createComment(data, key, source));
          before = { ...before, comment: values.comment };
          break;
        }
        case 'share':
        case 'unshare': {
          const data = { id, tenant: planned.tenant };
          const command = planned.step === 'share' ? commands.shareProject : commands.unshareProject;
          const saved = await send(planned, data, (key, source) => command(data, key, source));
          record = { ...current, version: saved.version };
          const others = before.shareWith.filter((t) => t.trim() !== planned.tenant);
          before = { ...before, shareWith: planned.step === 'share' ? [...others, planned.tenant] : others };
          break;
        }
        case 'createGoal': {
          const { key: _key, ...data } = planned.goal;
          const created = await send(planned, data, (key, source) => commands.createGoal(data, key, source));
          memory.createdGoals.set(planned.goal.key, created.id);
          break;
        }
        case 'setGoals': {
          const data = { id, goals: planned.goals.map((g) => ({ goalId: goalId(g.goal), value: g.value })) };
          const saved = await send(planned, data, (key, source) => commands.setGroupGoals(data, key, source));
          record = { ...current, version: saved.version };
          before = { ...before, strategy: values.strategy };
          break;
        }
        case 'account': {
          const data = { refType: 'group' as const, refId: id };
          const created = await send(planned, data, (key, source) =>
            commands.createAccount(data, key, source),
          );
          memory.unstoredAccount = { refId: id, id: created.id };
          break;
        }
        case 'storeAccount': {
          const account = memory.unstoredAccount!.id;
          const data = { id, version: current.version, account };
          const saved = await send(planned, data, (key, source) => commands.saveGroup(data, key, source));
          memory.unstoredAccount = null;
          record = { ...current, version: saved.version, account };
          before = { ...before, addAccount: values.addAccount };
          break;
        }
      }
    }
    input.onStep({ before, record, done: stepLabel(planned, input.t).done, step: planned });
  }
  if (!record) throw new Error('nothing to save');
  return record;
}
