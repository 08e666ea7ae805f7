import { say } from '../rules/messages';
import { z } from 'zod';
import { checkListed } from '../options/option-lists';
import type { OptionLists } from '../options/option-lists';
import { deciderOf, unfolded, unknownCommand } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { conflictOf, existsAlready, invalidField, notPermitted } from '../errors';
import type { AttributeDefinition } from '../identity/tenant.commands';
import { assertAttributeValues, attributeValueSchema } from '../rules/attributes';
import { changedFields, stripUndefined } from '../rules/changes';
import { moveKeepingDuration } from '../rules/calendar';
import type { CalendarRules } from '../calendar/definition';
import { limits, optionalText, requiredName, serverDateTimeSchema } from '../rules/limits';
import { itemRanks, rankForNewItem } from '../rules/rank';
import { numberIn, ranges } from '../rules/ranges';
import { dateOrderError } from '../rules/record-checks';
import { saveCommandSchema } from '../rules/save-command';
import { subgroupIdSchema } from '../group/subgroups';
import { assertLiveAt, assertDeletedAt } from '../rules/record-lifecycle';
import type { RecordState } from '../rules/record-lifecycle';

const id = z.number().int().positive();
const version = z.number().int().min(0);
const nullable = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);

/**
 * §3 system types of an item (superusers only, §6): `background` shades the whole project row and has
 * no subgroup; `lane-background` shades one lane (subgroup required, §5).
 */
export const itemSystemTypes = ['background', 'lane-background'] as const;
export type ItemSystemType = (typeof itemSystemTypes)[number];

/** Item status: an integer from an option list that is not shown (§4); 0 is the default. */
export const maxItemStatus = ranges.itemStatus.max;

/** Every field of §3 Item that a user sets; limits of §5. A milestone is an item whose end is null. */
export const itemFieldsSchema = z.strictObject({
  title: requiredName(limits.title),
  subtitle: optionalText(limits.subtitle),
  shortname: optionalText(limits.shortname),
  description: optionalText(limits.description),
  /** Person-days; tasks only. */
  effort: nullable(numberIn(ranges.effort)),
  jiraid: optionalText(limits.issueId),
  group: id,
  subgroup: nullable(subgroupIdSchema),
  resource: nullable(id),
  /** The tracker project (issue group) the external id belongs to, when the project has no repository. */
  jiragroup: optionalText(100),
  start: serverDateTimeSchema,
  /** Exclusive (§5: an end at midnight is the next day's 00:00); null for a milestone. */
  end: nullable(serverDateTimeSchema),
  status: numberIn(ranges.itemStatus)
    .nullish()
    .transform((v) => v ?? 0),
  docUrl: optionalText(limits.docUrl),
  rank: nullable(
    z.string().refine((r) => itemRanks.isValid(r), { error: 'a rank of the 10-base system (§9)' }),
  ),
  className: optionalText(limits.className),
  type: nullable(z.enum(itemSystemTypes)),
  attributes: z
    .array(attributeValueSchema)
    .max(100)
    .nullish()
    .transform((v) => v ?? []),
});
export type ItemFields = z.infer<typeof itemFieldsSchema>;

/**
 * SaveItem: create without `id`; update with `id` and the `version` the user saw. On update, omitted
 * fields stay unchanged and null clears a field.
 */
export const saveItemSchema = saveCommandSchema(itemFieldsSchema, ['title', 'group', 'start']);
export type SaveItemData = z.infer<typeof saveItemSchema>;

export const deleteItemSchema = z.strictObject({ id, version });
export type DeleteItemData = z.infer<typeof deleteItemSchema>;
/** RestoreItem: bring a deleted item back, with the version the user saw (that of its deletion). */
export const restoreItemSchema = deleteItemSchema;
export type RestoreItemData = DeleteItemData;

export type ItemCommand =
  | { readonly type: 'SaveItem'; readonly data: SaveItemData }
  | { readonly type: 'DeleteItem'; readonly data: DeleteItemData }
  | { readonly type: 'RestoreItem'; readonly data: RestoreItemData };

/** What an item records beyond its fields: the status a system type set aside (§4). */
export interface ItemExtras {
  readonly storedStatus: number | null;
}
export type ItemCreated = DomainEvent<'ItemCreated', ItemFields & ItemExtras & { readonly id: number }>;
export type ItemUpdated = DomainEvent<
  'ItemUpdated',
  { readonly id: number; readonly changes: Partial<ItemFields & ItemExtras> }
>;
export type ItemDeleted = DomainEvent<'ItemDeleted', { readonly id: number }>;
/** A deleted item is live again, as it was when deleted; its deletion stays in the history. */
export type ItemRestored = DomainEvent<'ItemRestored', { readonly id: number }>;
export type ItemEvent = ItemCreated | ItemUpdated | ItemDeleted | ItemRestored;

export type ItemState = RecordState<{
  readonly fields: ItemFields;
  readonly storedStatus: number | null;
}>;

export const initialItemState: ItemState = { status: 'absent' };

/** `version` counts from 0: the revision of the stream's last event. */
export const evolveItem = (state: ItemState, event: ItemEvent): ItemState => {
  if (event.type === 'ItemCreated') {
    const { id: itemId, storedStatus, ...fields } = event.data;
    return { status: 'active', id: itemId, fields, storedStatus, version: 0 };
  }
  if (state.status === 'absent') return state;
  const next = { ...state, version: state.version + 1 };
  switch (event.type) {
    case 'ItemUpdated': {
      const { storedStatus, ...changes } = event.data.changes;
      return {
        ...next,
        fields: { ...state.fields, ...changes },
        ...(storedStatus === undefined ? {} : { storedStatus }),
      };
    }
    case 'ItemDeleted':
      return { ...next, status: 'deleted' };
    case 'ItemRestored':
      return { ...next, status: 'active' };
    default:
      return unfolded(event, state);
  }
};

/** The project an item is planned in, as the handler found it in the tenant. */
export interface ItemGroupFacts {
  /** Its subgroup ids: the defaults and its INDIVIDUAL lanes. */
  readonly subgroups: readonly string[];
  readonly sprint: boolean;
  /** The working-day rules of its calendar (issue 24); §9's when omitted. */
  readonly rules?: Pick<CalendarRules, 'moveKeepingDuration'>;
}

export interface ItemContext extends DecisionContext {
  /** The id allocated for a new item. */
  readonly newId: number;
  /** The project the command plans the item in; null when the tenant has no such active project. */
  readonly group: ItemGroupFacts | null;
  /** Whether the user may set the system type and class name (EDIT on item-details-system, §6). */
  readonly systemEditor: boolean;
  /**
   * The ranks already in the item's project, for a new item without a rank (§9: after the highest, else
   * the middle); the highest alone suffices.
   */
  readonly groupRanks?: readonly (string | null)[];
  /** The tenant's task attribute schema (§2 Details); none when absent. */
  readonly taskAttributes?: readonly AttributeDefinition[];
  /** The tenant's option lists: a status a command sets must be listed (omitted: not checked). */
  readonly optionLists?: OptionLists;
}

const datePart = (dateTime: string) => dateTime.slice(0, 10);
const timePart = (dateTime: string) => dateTime.slice(10);

/**
 * §4 "Changing the item begin date moves the end to keep the working-day duration": only when the start
 * moves and no end is given; the end keeps its time of day.
 */
const moveEnd = (
  current: ItemFields,
  requested: Partial<ItemFields>,
  next: ItemFields,
  rules: Pick<CalendarRules, 'moveKeepingDuration'> = { moveKeepingDuration },
): ItemFields => {
  if (requested.start === undefined || requested.end !== undefined || current.end === null) return next;
  if (next.start === current.start) return next;
  try {
    const end = rules.moveKeepingDuration(
      datePart(current.start),
      datePart(current.end),
      datePart(next.start),
    );
    return { ...next, end: `${end}${timePart(current.end)}` };
  } catch {
    // outside the calendar's years: keep the end as it is
    return next;
  }
};

/** §4 system type and status: setting a type stores the status and forces 0; clearing it restores it. */
const applyType = (
  currentType: ItemSystemType | null,
  currentStatus: number,
  storedStatus: number | null,
  next: ItemFields,
): { fields: ItemFields; storedStatus: number | null } => {
  if (next.type !== null && currentType === null)
    return { fields: { ...next, status: 0 }, storedStatus: next.status };
  if (next.type !== null) return { fields: { ...next, status: 0 }, storedStatus };
  if (currentType !== null)
    return { fields: { ...next, status: storedStatus ?? currentStatus }, storedStatus: null };
  return { fields: next, storedStatus };
};

/** §5 fields that only tasks carry, and the subgroup of a background item. */
const normalise = (fields: ItemFields, current: ItemFields | null): ItemFields => {
  let next = fields;
  // §4 "Clearing the issue group clears the external id": the user's choice on a task; a task that
  // becomes a milestone drops its issue group (§5, tasks only) but keeps its external id
  if (current && current.jiragroup !== null && next.jiragroup === null && next.end !== null)
    if (next.jiraid === current.jiraid) next = { ...next, jiraid: null };
  if (next.end === null) next = { ...next, effort: null, resource: null, jiragroup: null };
  if (next.type === 'background') next = { ...next, subgroup: null };
  return next;
};

const check = (fields: ItemFields, context: ItemContext, groupChanged: boolean): void => {
  const dateError = dateOrderError(fields.start, fields.end);
  if (dateError) throw invalidField('end', dateError, 'the end cannot precede the begin');
  if (groupChanged) {
    if (context.group === null) throw invalidField('group', 'not found', 'project not found');
    if (context.group.sprint)
      throw invalidField('group', say('sprint-project'), 'items cannot be planned in the sprint group');
  }
  if (fields.type === 'background') return;
  if (fields.subgroup === null) throw invalidField('subgroup', 'required', 'the subgroup is required');
  if (context.group && !context.group.subgroups.includes(fields.subgroup))
    throw invalidField('subgroup', 'not found', `the project has no subgroup '${fields.subgroup}'`);
};

export const decideItem = (command: ItemCommand, state: ItemState, context: ItemContext): ItemEvent[] => {
  switch (command.type) {
    case 'SaveItem': {
      const { id: requestedId, version: seen, ...raw } = command.data;
      const requested = stripUndefined(raw) as Partial<ItemFields>;
      if (requestedId === undefined) {
        if (state.status !== 'absent') throw existsAlready('item');
        if ((requested.type ?? null) !== null || (requested.className ?? null) !== null)
          if (!context.systemEditor) throw notPermitted();
        const parsed = itemFieldsSchema.parse(requested);
        if (context.optionLists) checkListed(context.optionLists, 'itemStatus', requested.status, undefined);
        assertAttributeValues(parsed.attributes, context.taskAttributes ?? [], [], 'task');
        const ranked =
          parsed.rank === null ? { ...parsed, rank: rankForNewItem(context.groupRanks ?? []) } : parsed;
        const { fields, storedStatus } = applyType(null, 0, null, normalise(ranked, null));
        check(fields, context, true);
        return [{ type: 'ItemCreated', data: { id: context.newId, ...fields, storedStatus } }];
      }
      assertLiveAt(state, seen, 'item');
      const current = state.fields;
      if (requested.attributes !== undefined)
        assertAttributeValues(requested.attributes, context.taskAttributes ?? [], current.attributes, 'task');
      if (context.optionLists)
        checkListed(context.optionLists, 'itemStatus', requested.status, current.status);
      const merged = moveEnd(current, requested, { ...current, ...requested }, context.group?.rules);
      if ((merged.type !== current.type || merged.className !== current.className) && !context.systemEditor)
        throw notPermitted();
      const { fields, storedStatus } = applyType(
        current.type,
        current.status,
        state.storedStatus,
        normalise(merged, current),
      );
      check(fields, context, fields.group !== current.group);
      const changes: Partial<ItemFields & ItemExtras> = changedFields(current, fields);
      if (storedStatus !== state.storedStatus) Object.assign(changes, { storedStatus });
      return Object.keys(changes).length === 0
        ? []
        : [{ type: 'ItemUpdated', data: { id: state.id, changes } }];
    }
    case 'DeleteItem': {
      assertLiveAt(state, command.data.version, 'item');
      return [{ type: 'ItemDeleted', data: { id: state.id } }];
    }
    case 'RestoreItem': {
      assertDeletedAt(state, command.data.version, 'item');
      // the item comes back into its project and lane: both must still be there
      if (context.group === null)
        throw conflictOf(
          'restore-parent-first',
          'the project of the item is deleted: restore the project first',
        );
      check(state.fields, context, false);
      return [{ type: 'ItemRestored', data: { id: state.id } }];
    }
    default:
      return unknownCommand(command);
  }
};

export const itemDecider = deciderOf(decideItem, evolveItem, initialItemState);
