import { accountsProjection } from './accounts.projection';
import { applicationsProjection } from './applications.projection';
import { commentsProjection } from './comments.projection';
import { goalsProjection, groupsProjection } from './groups.projection';
import type { Projection } from './projection';

export const allProjections = [
  applicationsProjection,
  commentsProjection,
  accountsProjection,
  groupsProjection,
  goalsProjection,
] as unknown as readonly Projection[];
export const projectedCategories = ['application', 'comment', 'account', 'group', 'goal'];
