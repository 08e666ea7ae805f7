import { z } from 'zod';

/**
 * §3 subgroups (the lanes of a project on the timeline). Every project has a default lane of tasks and
 * one of milestones; users add INDIVIDUAL lanes. Subgroup ids are unique within their project.
 */
export const subgroupTypes = ['INDIVIDUAL', 'tasks', 'milestones'] as const;
export type SubgroupType = (typeof subgroupTypes)[number];
export interface Subgroup {
  readonly id: string;
  readonly name: string;
  readonly type: SubgroupType;
}
export const defaultSubgroups: readonly Subgroup[] = [
  { id: 'tasks', name: 'Tasks', type: 'tasks' },
  { id: 'milestones', name: 'Milestones', type: 'milestones' },
];
/** A project's lanes: the two defaults, then its INDIVIDUAL ones in the order they were added. */
export const subgroupsOf = (individual: readonly Subgroup[]): Subgroup[] => [
  ...defaultSubgroups,
  ...individual,
];
export const subgroupIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,49}$/, { error: 'a subgroup id' });
