import type { Subgroup } from '@fahrplan/contracts';
import type { TFunction } from 'i18next';

/**
 * A lane's name as shown: the implicit lanes every project has (tasks, milestones) in the language
 * shown, a project's own lanes as the planners named them.
 */
export const laneName = (t: TFunction<'items'>, lane: Pick<Subgroup, 'type' | 'name'>): string => {
  if (lane.type === 'tasks') return t('lanes.tasks');
  if (lane.type === 'milestones') return t('lanes.milestones');
  return lane.name;
};
