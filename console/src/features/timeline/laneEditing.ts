import { addSubgroupSchema } from '@fahrplan/contracts';
import type { LaneRow } from './timelineRows';

/**
 * Whether the project and lane menus are offered on a row: never on a project shared by another tenant
 * (read-only), and only with EDIT on group-details, which AddSubgroup and RenameSubgroup require.
 */
export const canManageLanes = (row: Pick<LaneRow, 'shared'>, canEditGroups: boolean): boolean =>
  canEditGroups && !row.shared;

/**
 * Only the project's own (INDIVIDUAL) lanes can be renamed or removed; tasks and milestones are
 * implicit.
 */
export const canRenameLane = (row: Pick<LaneRow, 'shared' | 'laneType'>, canEditGroups: boolean): boolean =>
  canManageLanes(row, canEditGroups) && row.laneType === 'INDIVIDUAL';

/** The lane name as the command takes it (trimmed), or the contract's message for an invalid one. */
export function parseLaneName(input: string): { name: string } | { error: string } {
  const result = addSubgroupSchema.shape.name.safeParse(input);
  return result.success ? { name: result.data } : { error: result.error.issues[0]?.message ?? 'invalid' };
}
