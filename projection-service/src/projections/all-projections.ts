import { accountsProjection } from '../accounts/accounts.projection';
import { baselinesProjection } from '../baselines/baselines.projection';
import { calendarFeedsProjection } from '../calendar-feeds/calendar-feeds.projection';
import { calendarsProjection } from '../calendars/calendars.projection';
import { applicationsProjection } from '../applications/applications.projection';
import { commentsProjection } from '../comments/comments.projection';
import { goalsProjection } from '../goals/goals.projection';
import { accountBudgetsProjection } from '../groups/account-budgets.projection';
import { groupsProjection } from '../groups/groups.projection';
import { itemsProjection } from '../items/items.projection';
import { dependenciesProjection } from '../dependencies/dependencies.projection';
import { resourcesProjection } from '../resources/resources.projection';
import { portfolioTotalsProjection } from '../scenarios/portfolio-totals.projection';
import { scenarioChangesProjection } from '../scenarios/scenario-changes.projection';
import { scenariosProjection } from '../scenarios/scenarios.projection';
import { sharesProjection } from '../shares/shares.projection';
import type { CollectionSpec } from '../read-store/read-store';
import { trackerConnectionsProjection } from '../tracker/tracker-connections.projection';
import { trackerQueryIndexes } from '../tracker/tracker-folding';
import { webhookDeliveriesCollection, webhooksProjection } from '../webhooks/webhooks.projection';
import type { Projection } from './projection';

/** The projections of the plan: what a scenario's view folds its own events with (docs/design/scenarios.md). */
export const planProjections = [
  applicationsProjection,
  commentsProjection,
  accountsProjection,
  groupsProjection,
  goalsProjection,
  resourcesProjection,
  accountBudgetsProjection,
  itemsProjection,
  dependenciesProjection,
  sharesProjection,
] as unknown as readonly Projection[];

export const allProjections = [
  ...planProjections,
  portfolioTotalsProjection,
  trackerConnectionsProjection,
  webhooksProjection,
  baselinesProjection,
  calendarFeedsProjection,
  calendarsProjection,
  scenariosProjection,
  scenarioChangesProjection(planProjections.flatMap((projection) => projection.handles)),
] as unknown as readonly Projection[];
/** What a read store needs to know of every collection the queries read: the projections' and the tracker mirror's. */
export const readModelCollections: readonly CollectionSpec[] = [
  ...allProjections,
  ...trackerQueryIndexes,
  webhookDeliveriesCollection,
];

export const projectedCategories = [
  'application',
  'comment',
  'account',
  'group',
  'goal',
  'resource',
  'item',
  'dependencies',
  'baseline',
  'calendarFeed',
  'calendar',
  'scenario',
  'webhook',
];
