import { accountsProjection } from './accounts.projection';
import { applicationsProjection } from './applications.projection';
import { commentsProjection } from './comments.projection';
import { accountBudgetsProjection, goalsProjection, groupsProjection } from './groups.projection';
import { itemsProjection } from './items.projection';
import { resourcesProjection } from './resources.projection';
import { sharesProjection } from './shares.projection';
import { trackerConnectionsProjection } from '../tracker/tracker-connections.projection';
import type { Projection } from './projection';

export const allProjections = [
  applicationsProjection,
  commentsProjection,
  accountsProjection,
  groupsProjection,
  goalsProjection,
  resourcesProjection,
  accountBudgetsProjection,
  itemsProjection,
  sharesProjection,
  trackerConnectionsProjection,
] as unknown as readonly Projection[];
export const projectedCategories = ['application', 'comment', 'account', 'group', 'goal', 'resource', 'item'];
