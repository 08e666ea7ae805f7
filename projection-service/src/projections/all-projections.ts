import { accountsProjection } from './accounts.projection';
import { applicationsProjection } from './applications.projection';
import { commentsProjection } from './comments.projection';
import type { Projection } from './projection';

export const allProjections = [
  applicationsProjection,
  commentsProjection,
  accountsProjection,
] as unknown as readonly Projection[];
export const projectedCategories = ['application', 'comment', 'account'];
