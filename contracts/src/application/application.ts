import { z } from 'zod';
import { decideByType, deciderOf, evolverOf } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { existsAlready } from '../errors';
import type { AttributeDefinition } from '../identity/tenant.commands';
import { assertAttributeValues, attributeValueSchema } from '../rules/attributes';
import { changedFields, stripUndefined } from '../rules/changes';
import { checkAccount, checkDates, checkParent } from '../rules/record-checks';
import { saveCommandSchema } from '../rules/save-command';
import { limits, optionalText, requiredName, serverDateSchema } from '../rules/limits';
import { numberIn, ranges } from '../rules/ranges';
import { assertDeletedAt, assertLiveAt, markDeleted, markRestored, revised } from '../rules/record-lifecycle';
import type { RecordState } from '../rules/record-lifecycle';

/** Application status option set (§4: the default is UNDEFINIERT; the other values are Fahrplan's). */
export const applicationStatuses = [
  'UNDEFINIERT',
  'PLANUNG',
  'ENTWICKLUNG',
  'PRODUKTIV',
  'AUSLAUFEND',
  'ABGESCHALTET',
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

const id = z.number().int().positive();
const version = z.number().int().min(0);

/** Every field of §3 Application that a user sets; limits of §5. */
export const applicationFieldsSchema = z.strictObject({
  name: requiredName(limits.title),
  release: optionalText(limits.release),
  shortname: optionalText(limits.shortname),
  description: optionalText(limits.description),
  contact: optionalText(limits.contact),
  start: serverDateSchema.nullish().transform((v) => v ?? null),
  end: serverDateSchema.nullish().transform((v) => v ?? null),
  assetNr: optionalText(limits.assetNr),
  provider: optionalText(limits.provider),
  vendor: optionalText(limits.vendor),
  cockpitid: optionalText(limits.cockpitid),
  docUrl: optionalText(limits.docUrl),
  parent: id.nullish().transform((v) => v ?? null),
  parentOrder: numberIn(ranges.order)
    .nullish()
    .transform((v) => v ?? null),
  rank: z
    .string()
    .max(100)
    .nullish()
    .transform((v) => v ?? null),
  status: z
    .enum(applicationStatuses)
    .nullish()
    .transform((v) => v ?? 'UNDEFINIERT'),
  attributes: z
    .array(attributeValueSchema)
    .max(100)
    .nullish()
    .transform((v) => v ?? []),
  account: id.nullish().transform((v) => v ?? null),
});
export type ApplicationFields = z.infer<typeof applicationFieldsSchema>;

/**
 * SaveApplication: create without `id`; update with `id` and the `version` the user saw. On update,
 * omitted fields stay unchanged and null clears a field.
 */
export const saveApplicationSchema = saveCommandSchema(applicationFieldsSchema, ['name']);
export type SaveApplicationData = z.infer<typeof saveApplicationSchema>;

export const deleteApplicationSchema = z.strictObject({ id, version });
export type DeleteApplicationData = z.infer<typeof deleteApplicationSchema>;
/** RestoreApplication: bring a deleted application back, with the version the user saw (that of its deletion). */
export const restoreApplicationSchema = deleteApplicationSchema;
export type RestoreApplicationData = DeleteApplicationData;

export type ApplicationCommand =
  | { readonly type: 'SaveApplication'; readonly data: SaveApplicationData }
  | { readonly type: 'DeleteApplication'; readonly data: DeleteApplicationData }
  | { readonly type: 'RestoreApplication'; readonly data: RestoreApplicationData };

export type ApplicationCreated = DomainEvent<
  'ApplicationCreated',
  ApplicationFields & { readonly id: number }
>;
export type ApplicationUpdated = DomainEvent<
  'ApplicationUpdated',
  { readonly id: number; readonly changes: Partial<ApplicationFields> }
>;
export type ApplicationDeleted = DomainEvent<'ApplicationDeleted', { readonly id: number }>;
/** A deleted application is live again, as it was when deleted; its deletion stays in the history. */
export type ApplicationRestored = DomainEvent<'ApplicationRestored', { readonly id: number }>;
export type ApplicationEvent =
  ApplicationCreated | ApplicationUpdated | ApplicationDeleted | ApplicationRestored;

export type ApplicationState = RecordState<{
  readonly fields: ApplicationFields;
}>;

export const initialApplicationState: ApplicationState = { status: 'absent' };

/** `version` counts from 0: the revision of the stream's last event (§3 version = stream revision). */
export const evolveApplication = evolverOf<ApplicationState, ApplicationEvent>({
  ApplicationCreated: (_state, { id: appId, ...fields }) => ({
    status: 'active',
    id: appId,
    fields,
    version: 0,
  }),
  ApplicationUpdated: (state, { changes }) =>
    revised(state, ({ fields }) => ({ fields: { ...fields, ...changes } })),
  ApplicationDeleted: markDeleted,
  ApplicationRestored: markRestored,
});

/** What the decider needs to know beyond the stream: facts the handler looked up. */
export interface ApplicationContext extends DecisionContext {
  /** The id allocated for a new application. */
  readonly newId: number;
  /**
   * Parent chain of the requested parent: the requested parent's id first, then its parent, … up to
   * the root. `null` when the requested parent does not exist in the tenant.
   */
  readonly parentChain: readonly number[] | null;
  /**
   * The account the command links, as found in the tenant: `null` when it does not exist there;
   * omitted when the command links no account.
   */
  readonly account?: { readonly refType: string; readonly refId: number } | null;
  /** The tenant's application attribute schema (§2 generated fields); omitted: values are not checked. */
  readonly applicationAttributes?: readonly AttributeDefinition[];
}

const application = { one: 'an application', name: 'application' } as const;

const checkAccountOf = (
  selfId: number,
  account: number | null | undefined,
  context: ApplicationContext,
): void => checkAccount(application, { refType: 'application', id: selfId }, account, context.account);

export const decideApplication = decideByType<
  ApplicationCommand,
  ApplicationState,
  ApplicationEvent,
  ApplicationContext
>({
  SaveApplication: (data, state, context) => {
    const { id: requestedId, version: seen, ...requested } = data;
    if (requestedId === undefined) {
      if (state.status !== 'absent') throw existsAlready('application');
      const fields = applicationFieldsSchema.parse(requested);
      checkParent(application, context.newId, fields.parent, context.parentChain);
      checkDates(fields.start, fields.end);
      checkAccountOf(context.newId, fields.account, context);
      if (context.applicationAttributes !== undefined)
        assertAttributeValues(fields.attributes, context.applicationAttributes, [], 'application');
      return [{ type: 'ApplicationCreated', data: { id: context.newId, ...fields } }];
    }
    assertLiveAt(state, seen, 'application');
    const given = stripUndefined(requested);
    const next = { ...state.fields, ...given };
    if (requested.parent !== undefined) checkParent(application, state.id, next.parent, context.parentChain);
    checkDates(next.start, next.end);
    if (requested.account !== state.fields.account) checkAccountOf(state.id, requested.account, context);
    if (requested.attributes !== undefined && context.applicationAttributes !== undefined)
      assertAttributeValues(
        requested.attributes,
        context.applicationAttributes,
        state.fields.attributes,
        'application',
      );
    const changes = changedFields(state.fields, given);
    return Object.keys(changes).length === 0
      ? []
      : [{ type: 'ApplicationUpdated', data: { id: state.id, changes } }];
  },
  DeleteApplication: (data, state) => {
    assertLiveAt(state, data.version, 'application');
    return [{ type: 'ApplicationDeleted', data: { id: state.id } }];
  },
  RestoreApplication: (data, state) => {
    assertDeletedAt(state, data.version, 'application');
    return [{ type: 'ApplicationRestored', data: { id: state.id } }];
  },
});

export const applicationDecider = deciderOf(decideApplication, evolveApplication, initialApplicationState);
