import { Get } from '@nestjs/common';
import type { GoalView, GroupGoalView, Page } from '@fahrplan/contracts';
import { findVisibleGroup } from '../groups/visible-groups';
import { pageAnswer, pageOf, pageRequest } from '../http/paging';
import { requireView, strip } from '../http/query-helpers';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { isTombstone } from '../read-store/read-store';

/** Strategy goals (§3): the tenant's goals, and a project's goal values with their goals. */
@ReadModelController()
export class GoalsController extends ReadModelQueries {
  /** A page of the tenant's live goals by rank (ties by id). */
  @Get('goals')
  async goals(@Asked() { principal, query: { limit, cursor } }: ReadRequest): Promise<Page<GoalView>> {
    requireView(this.directory, principal, 'group-details');
    const page = await pageOf(
      this.store,
      'goals',
      // goals projected before they could be deleted have no flag (and no version: 0)
      { tenant: principal.tenant, deleted: { $ne: true } },
      [
        ['_rank', 1],
        ['id', 1],
      ],
      pageRequest(limit, cursor),
    );
    return pageAnswer(
      page.docs.map((d) => {
        const { deleted: _deleted, ...goal } = strip<GoalView & { deleted?: boolean }>(d);
        return { ...goal, version: goal.version ?? 0 };
      }),
      page.nextCursor,
    );
  }

  /** §3 project goals: the project's goal values with their goals. */
  @Get('groups/:idOrName/goals')
  async groupGoals(
    @Asked() { principal, params: { idOrName } }: ReadRequest<'idOrName'>,
  ): Promise<GroupGoalView[]> {
    requireView(this.directory, principal, 'group-details');
    const doc = await findVisibleGroup(this.store, principal.tenant, idOrName);
    // the goals of the project's owner: a shared project's goals are its owner's
    const stored = await this.store.getMany(
      'goals',
      doc.goals.map((g) => String(g.goalId)),
    );
    const goals = new Map(
      [...stored.values()]
        .filter((g) => !isTombstone(g) && g.tenant === doc.tenant)
        .map((g) => [g.id as number, strip<GoalView>(g)]),
    );
    return doc.goals.map(({ goalId, value }) => ({
      id: `${doc.id}-${goalId}`,
      goalId,
      groupId: doc.id,
      value,
      goal: goals.get(goalId) ?? null,
    }));
  }
}
