import { accountsProjection } from './accounts.projection';
import { applicationsProjection } from './applications.projection';
import { commentsProjection } from './comments.projection';
import { accountBudgetsProjection, goalsProjection, groupsProjection } from './groups.projection';
import { itemsProjection } from './items.projection';
import type { Projection } from './projection';

export const allProjections = [
  applicationsProjection,
  commentsProjection,
  accountsProjection,
  groupsProjection,
  goalsProjection,
  accountBudgetsProjection,
  itemsProjection,
] as unknown as readonly Projection[];
export const projectedCategories = ['application', 'comment', 'account', 'group', 'goal', 'item'];
