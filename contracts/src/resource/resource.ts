import { z } from 'zod';
import { say } from '../rules/messages';
import { decideByType, deciderOf, evolverOf } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { existsAlready, validationError } from '../errors';
import { requiredName } from '../rules/limits';
import { assertLiveAt, markDeleted, revised } from '../rules/record-lifecycle';
import type { RecordState } from '../rules/record-lifecycle';

const id = z.number().int().positive();
const version = z.number().int().min(0);

/** The longest resource name (§3 Resource: id, name). */
export const resourceNameMax = 100;

/** §3 Resource: a name, trimmed, 1–100 characters; names need not be unique. */
export const resourceNameSchema = requiredName(resourceNameMax);

/** SaveResource: create without `id`; rename with `id` and the `version` the user saw. */
export const saveResourceSchema = z
  .strictObject({ id: id.optional(), version: version.optional(), name: resourceNameSchema })
  .superRefine((c, ctx) => {
    if (c.id !== undefined && c.version === undefined)
      ctx.addIssue({ code: 'custom', path: ['version'], message: say('required-when-updating') });
  });
export type SaveResourceData = z.infer<typeof saveResourceSchema>;

export const deleteResourceSchema = z.strictObject({ id, version });
export type DeleteResourceData = z.infer<typeof deleteResourceSchema>;

export type ResourceCommand =
  | { readonly type: 'SaveResource'; readonly data: SaveResourceData }
  | { readonly type: 'DeleteResource'; readonly data: DeleteResourceData };

export type ResourceCreated = DomainEvent<'ResourceCreated', { readonly id: number; readonly name: string }>;
export type ResourceRenamed = DomainEvent<'ResourceRenamed', { readonly id: number; readonly name: string }>;
export type ResourceDeleted = DomainEvent<'ResourceDeleted', { readonly id: number }>;
export type ResourceEvent = ResourceCreated | ResourceRenamed | ResourceDeleted;

export type ResourceState = RecordState<{
  readonly name: string;
}>;

export const initialResourceState: ResourceState = { status: 'absent' };

export const evolveResource = evolverOf<ResourceState, ResourceEvent>({
  ResourceCreated: (_state, { id, name }) => ({ status: 'active', id, name, version: 0 }),
  ResourceRenamed: (state, { name }) => revised(state, () => ({ name })),
  ResourceDeleted: markDeleted,
});

export interface ResourceContext extends DecisionContext {
  /** The id allocated for a new resource. */
  readonly newId: number;
}

export const decideResource = decideByType<ResourceCommand, ResourceState, ResourceEvent, ResourceContext>({
  SaveResource: (data, state, context) => {
    const { id: requestedId, version: seen, name } = data;
    if (requestedId === undefined) {
      if (state.status !== 'absent') throw existsAlready('resource');
      return [{ type: 'ResourceCreated', data: { id: context.newId, name } }];
    }
    assertLiveAt(state, seen, 'resource');
    return name === state.name ? [] : [{ type: 'ResourceRenamed', data: { id: state.id, name } }];
  },
  DeleteResource: (data, state) => {
    assertLiveAt(state, data.version, 'resource');
    return [{ type: 'ResourceDeleted', data: { id: state.id } }];
  },
});

export const resourceDecider = deciderOf(decideResource, evolveResource, initialResourceState);

/** The refusal of a project or item that names a resource the tenant does not have (live). */
export const resourceNotFound = () =>
  validationError('resource not found', [{ field: 'resource', message: say('not-found') }]);
