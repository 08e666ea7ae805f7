import type { TFunction } from 'i18next';
import { trimText } from '@fahrplan/contracts';
import { flowSource } from '../../api/commands';
import type { AttributeDefinition } from '../../common/attributes';
import { projectFieldsChanged } from './projectForm';
import type { ProjectFormValues, ProjectRecord } from './projectForm';
import type { PendingGoal } from './tabTypes';

/** One step of the §4 project save flow, in the order the flow runs them. */
export type PlannedStep =
  | { readonly step: 'project' }
  | { readonly step: 'comment'; readonly description: string }
  | { readonly step: 'share'; readonly tenant: string }
  | { readonly step: 'unshare'; readonly tenant: string }
  | { readonly step: 'createGoal'; readonly goal: PendingGoal }
  /** `goal` is a goal id or the key of a pending goal created earlier in the flow. */
  | { readonly step: 'setGoals'; readonly goals: readonly { goal: number | string; value: number }[] }
  | { readonly step: 'account' }
  | { readonly step: 'storeAccount' };

export interface PlanInput {
  /** What the server has: the form as loaded, moved forward by every step that succeeded. */
  readonly before: ProjectFormValues;
  /** What the user submitted. */
  readonly after: ProjectFormValues;
  readonly record: ProjectRecord | null;
  /** Pending goals (by key) created by an earlier, partly failed run: not created again. */
  readonly createdGoals: ReadonlyMap<string, number>;
  /** An account created by an earlier run that has not been stored on the project yet. */
  readonly unstoredAccount: number | null;
  /** The tenant's project attribute schema. */
  readonly definitions?: readonly AttributeDefinition[];
}

const normaliseTenants = (tenants: readonly string[]) => [
  ...new Set(tenants.map((t) => t.trim()).filter(Boolean)),
];

/**
 * The steps still to run, in §4 order: 1 save or create the project, 2 post the comment, 3 share and
 * unshare the changed tenants, 4 create the pending goals then set the changed goal values, 5 create
 * the account (add-account chosen, a project number, no account yet), 6 store it on the project.
 * Planned against `before`, so a retry after a failure plans only what has not succeeded yet.
 */
export const planSave = ({
  before,
  after,
  record,
  createdGoals,
  unstoredAccount,
  definitions = [],
}: PlanInput): PlannedStep[] => {
  const steps: PlannedStep[] = [];
  if (!record || projectFieldsChanged(before, after, definitions)) steps.push({ step: 'project' });

  // a comment equal to the baseline's has been posted by an earlier run
  const description = trimText(after.comment);
  if (description && after.comment !== before.comment) steps.push({ step: 'comment', description });

  const was = new Set(normaliseTenants(before.shareWith));
  const wanted = normaliseTenants(after.shareWith);
  for (const tenant of wanted) if (!was.has(tenant)) steps.push({ step: 'share', tenant });
  for (const tenant of was) if (!wanted.includes(tenant)) steps.push({ step: 'unshare', tenant });

  const pendingKeys = new Set(after.strategy.pending.map((g) => g.key));
  for (const goal of after.strategy.pending)
    if (!createdGoals.has(goal.key)) steps.push({ step: 'createGoal', goal });
  const resolve = (goal: number | string) =>
    typeof goal === 'string' && createdGoals.has(goal) ? createdGoals.get(goal)! : goal;
  const old = new Map(before.strategy.assigned.map((a) => [resolve(a.goal), a.value]));
  const now = new Map(
    after.strategy.assigned
      .filter((a) => typeof a.goal === 'number' || pendingKeys.has(a.goal) || createdGoals.has(a.goal))
      .map((a) => [resolve(a.goal), a.value]),
  );
  const goals = [
    ...[...now].filter(([goal, value]) => old.get(goal) !== value),
    // SetGroupGoals has no removal: a goal taken off the project is set to 0, i.e. not aligned
    ...[...old].filter(([goal, value]) => !now.has(goal) && value !== 0).map(([goal]) => [goal, 0] as const),
  ].map(([goal, value]) => ({ goal, value }));
  if (goals.length > 0) steps.push({ step: 'setGoals', goals });

  const account = record?.account ?? null;
  if (after.addAccount && trimText(after.projectNr) && account === null) {
    if (unstoredAccount === null) steps.push({ step: 'account' });
    steps.push({ step: 'storeAccount' });
  }
  return steps;
};

/** How the dialog names a step: what failed, and what already succeeded. */
export const stepLabel = (step: PlannedStep, t: TFunction<'projects'>): { failed: string; done: string } => {
  switch (step.step) {
    case 'project':
      return { failed: t('save.projectFailed'), done: t('save.projectDone') };
    case 'comment':
      return { failed: t('save.commentFailed'), done: t('save.commentDone') };
    case 'share':
      return {
        failed: t('save.shareFailed', { tenant: step.tenant }),
        done: t('save.shareDone', { tenant: step.tenant }),
      };
    case 'unshare':
      return {
        failed: t('save.unshareFailed', { tenant: step.tenant }),
        done: t('save.unshareDone', { tenant: step.tenant }),
      };
    case 'createGoal':
      return {
        failed: t('save.createGoalFailed', { goal: step.goal.name }),
        done: t('save.createGoalDone', { goal: step.goal.name }),
      };
    case 'setGoals':
      return { failed: t('save.setGoalsFailed'), done: t('save.setGoalsDone') };
    case 'account':
      return { failed: t('save.accountFailed'), done: t('save.accountDone') };
    case 'storeAccount':
      return { failed: t('save.storeAccountFailed'), done: t('save.storeAccountDone') };
  }
};

/** A key per step instance, so each keeps its own Idempotency-Key until it succeeds. */
export const stepKey = (step: PlannedStep): string => {
  switch (step.step) {
    case 'share':
    case 'unshare':
      return `${step.step}:${step.tenant}`;
    case 'createGoal':
      return `createGoal:${step.goal.key}`;
    default:
      return step.step;
  }
};

/** §4 numbers the project save flow's steps: sharing and unsharing are step 3, both goal commands step 4. */
const stepNumber: Record<PlannedStep['step'], number> = {
  project: 1,
  comment: 2,
  share: 3,
  unshare: 3,
  createGoal: 4,
  setGoals: 4,
  account: 5,
  storeAccount: 6,
};

/** The X-Fahrplan-Source of a step's command, e.g. `flow:save-project/step-3` for a share. */
export const projectStepSource = (step: PlannedStep): string =>
  flowSource('save-project', stepNumber[step.step]);
