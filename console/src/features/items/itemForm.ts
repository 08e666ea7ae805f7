import {
  brToLineBreaks,
  dateOrderError,
  isInRange,
  isSprintGroup,
  isUiDateTime,
  itemEndFromServer,
  itemEndToServer,
  lineBreaksToBr,
  ranges,
  saveItemSchema,
  serverToUiDateTime,
  trackerIssueLink,
  trimText,
  uiToServerDateTime,
  workload,
  capacityDays,
} from '@fahrplan/contracts';
import type {
  AttributeValue,
  CalendarRules,
  GroupView,
  ItemSystemType,
  ItemView,
  ResourceCapacity,
  Subgroup,
  SubgroupType,
} from '@fahrplan/contracts';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import {
  attributeErrorPath,
  attributeFormErrors,
  attributesToForm,
  attributesToServer,
} from '../common/attributes';
import type { AttributeDefinition, AttributeFormValues } from '../common/attributes';
import { bernRules } from '../common/bernRules';
import { changedFields, fieldsDiffer, sameValues } from '../common/formChanges';
import { fieldNumber } from '../common/numberField';
import type { NumberFieldValue } from '../common/numberField';
import { zodValidate } from '../common/zodValidate';
import { newCommentErrors } from '../record-dialog/newCommentErrors';
import type { SaveItemInput } from './itemsApi';

/**
 * What the item dialog edits. Dates are shown date-times (DD.MM.YYYY HH:mm, §5); `end` is the shown end
 * (a stored 00:00 end shows as the previous day, itemEndFromServer), null for a milestone.
 */
export interface ItemFormValues {
  milestone: boolean;
  title: string;
  subtitle: string;
  description: string;
  start: string | null;
  end: string | null;
  /** Person-days; sent for tasks only. */
  effort: NumberFieldValue | null;
  /**
   * The item's own status. While a system type is set it is shown as 0 and disabled (§4); it is what
   * clearing the type restores (the server's stored status).
   */
  status: number;
  group: number | null;
  subgroup: string | null;
  shortname: string;
  docUrl: string;
  resource: number | null;
  jiraid: string;
  jiragroup: string;
  type: ItemSystemType | null;
  className: string;
  /** The custom attributes of the tenant's task attribute schema, by key (§2 Details). */
  attributes: AttributeFormValues;
  /** The attributes as stored: those the schema no longer lists are sent back unchanged. */
  storedAttributes: AttributeValue[];
  /** A new comment, posted after the item is saved. */
  comment: string;
}

/** The saved record the dialog works on: null until a new item has been created. */
export interface ItemRecord {
  id: number;
  version: number;
}

/** A project the dialog offers (§3 Group for the item dialog). */
export type ItemGroup = Pick<
  GroupView,
  'id' | 'title' | 'subgroups' | 'resource' | 'jirarepo' | 'calendar' | 'shared'
>;

/** What a new item starts from (§2 new-item: group, start date, optional preset values). */
export interface NewItemRequest {
  group: number | null;
  /** YYYY-MM-DD */
  date: string;
  subgroup?: string | null;
  milestone?: boolean;
}

const text = (value: string | null | undefined) => value ?? '';

/** YYYY-MM-DDTHH:mm of a shown date-time, null unless it is a valid DD.MM.YYYY HH:mm. */
export const serverStart = (ui: string | null): string | null =>
  ui && isUiDateTime(ui.trim()) ? uiToServerDateTime(ui.trim()) : null;

/** The stored (exclusive) end of a shown end (§5: 00:00 → next day's 00:00), null unless valid. */
export const serverEnd = (ui: string | null): string | null =>
  ui && isUiDateTime(ui.trim()) ? itemEndToServer(ui.trim()) : null;

const datePart = (dateTime: string) => dateTime.slice(0, 10);
const timePart = (dateTime: string) => dateTime.slice(10);

/** The lane of `type` in a project's subgroups, if it has one. */
const laneOfType = (subgroups: readonly Subgroup[], type: SubgroupType) =>
  subgroups.find((s) => s.type === type)?.id ?? null;

const kindLane = (milestone: boolean): SubgroupType => (milestone ? 'milestones' : 'tasks');

/**
 * The form for an item, or for a new one the §9 defaults: status 0, start = end = the chosen date
 * (a milestone: no end), the requested lane or the default lane of its kind.
 */
export const toFormValues = (
  item: ItemView | null,
  request: NewItemRequest | null = null,
  groups: readonly ItemGroup[] = [],
  definitions: readonly AttributeDefinition[] = [],
): ItemFormValues => {
  if (item) {
    return {
      milestone: item.end === null,
      title: item.title,
      subtitle: text(item.subtitle),
      description: brToLineBreaks(text(item.description)),
      start: serverToUiDateTime(item.start),
      end: itemEndFromServer(item.end),
      effort: item.effort,
      // with a type the stored status is 0; the item's own status is the one set aside (§4)
      status: item.type !== null ? (item.storedStatus ?? item.status) : item.status,
      group: item.group,
      subgroup: item.subgroup,
      shortname: text(item.shortname),
      docUrl: text(item.docUrl),
      resource: item.resource,
      jiraid: text(item.jiraid),
      jiragroup: text(item.jiragroup),
      type: item.type,
      className: text(item.className),
      attributes: attributesToForm(definitions, item.attributes),
      storedAttributes: [...item.attributes],
      comment: '',
    };
  }
  const milestone = request?.milestone ?? false;
  const day = request?.date ?? '';
  const start = day ? serverToUiDateTime(`${day}T00:00`) : null;
  const group = groups.find((g) => g.id === request?.group);
  const requestedLane = request?.subgroup ?? null;
  const subgroup =
    requestedLane !== null && (!group || group.subgroups.some((s) => s.id === requestedLane))
      ? requestedLane
      : group
        ? laneOfType(group.subgroups, kindLane(milestone))
        : kindLane(milestone);
  return {
    milestone,
    title: '',
    subtitle: '',
    description: '',
    start,
    end: milestone ? null : start,
    effort: null,
    status: 0,
    group: request?.group ?? null,
    subgroup,
    shortname: '',
    docUrl: '',
    resource: milestone ? null : (group?.resource ?? null),
    jiraid: '',
    jiragroup: '',
    type: null,
    className: '',
    attributes: attributesToForm(definitions),
    storedAttributes: [],
    comment: '',
  };
};

/** §4: the status shown, 0 and disabled while a system type is set. */
export const shownStatus = (values: Pick<ItemFormValues, 'status' | 'type'>) =>
  values.type === null ? values.status : 0;

/**
 * Working days of [start, end) by the stored values' date parts and the project's calendar `rules` (§9's
 * by default); null for a milestone, an invalid range, or without rules (the calendar still loads).
 */
export const durationOf = (
  values: Pick<ItemFormValues, 'milestone' | 'start' | 'end'>,
  rules: CalendarRules | null = bernRules,
): number | null => {
  if (values.milestone || !rules) return null;
  const start = serverStart(values.start);
  const end = serverEnd(values.end);
  if (!start || !end || end < start) return null;
  try {
    return datePart(end) <= datePart(start) ? 0 : rules.countWorkingDays(datePart(start), datePart(end));
  } catch {
    return null; // outside the calendar's years
  }
};

/**
 * §9 workload of a task: effort / capacity, the person-days its resource can give it (issue 24:
 * `capacityOf`; without a resource its duration); null when not computable (no effort, or one out of range).
 */
export const workloadOf = (
  values: Pick<ItemFormValues, 'milestone' | 'start' | 'end' | 'effort'>,
  capacity: number | null = durationOf(values),
) => {
  const effort = fieldNumber(values.effort);
  if (values.milestone || (effort !== null && !isInRange(ranges.effort, effort))) return null;
  return workload(effort, capacity);
};

/**
 * Issue 24: what the task's resource can give it in its span (`capacityDays`: the resource's own
 * calendar, else the project's `rules`, times its share); its duration without a resource; null while
 * the resource loads (undefined) or where the duration is unknown.
 */
export const capacityOf = (
  values: Pick<ItemFormValues, 'milestone' | 'start' | 'end'>,
  rules: CalendarRules | null,
  resource: ResourceCapacity | null | undefined,
): number | null => {
  const duration = durationOf(values, rules);
  if (resource === undefined) return null;
  if (duration === null || resource === null || !rules) return duration;
  return capacityDays(
    datePart(serverStart(values.start)!),
    datePart(serverEnd(values.end)!),
    rules,
    resource,
  );
};

/**
 * §4: a new begin moves the end to keep the working-day duration by the project's calendar `rules` (the
 * end keeps its time of day); with a duration of 0 the end becomes the begin. Milestones, invalid dates
 * and a calendar still loading (no rules) only take the begin.
 */
export const changeStart = (
  values: Pick<ItemFormValues, 'milestone' | 'start' | 'end'>,
  start: string | null,
  rules: CalendarRules | null = bernRules,
): { start: string | null; end: string | null } => {
  // null for a milestone, invalid dates, dates outside the calendar's years or no rules: keep the end
  const days = durationOf(values, rules);
  const oldStart = serverStart(values.start);
  const oldEnd = serverEnd(values.end);
  const newStart = serverStart(start);
  if (days === null || !rules || !oldStart || !oldEnd || !newStart) return { start, end: values.end };
  if (days === 0) return { start, end: start };
  try {
    const endDate = rules.moveKeepingDuration(datePart(oldStart), datePart(oldEnd), datePart(newStart));
    const end = `${endDate}${timePart(oldEnd)}`;
    return { start, end: end > newStart ? itemEndFromServer(end) : start };
  } catch {
    return { start, end: values.end }; // outside the calendar's years: keep the end
  }
};

/**
 * §4 toggling task/milestone: a milestone has no end, a task starts with end = begin; the lane becomes
 * the group's lane of the matching type if the current one was of the other type or absent.
 */
export const changeKind = (
  values: Pick<ItemFormValues, 'start' | 'end' | 'subgroup'>,
  milestone: boolean,
  subgroups: readonly Subgroup[],
): { milestone: boolean; end: string | null; subgroup: string | null } => {
  const current = subgroups.find((s) => s.id === values.subgroup);
  const other: SubgroupType = milestone ? 'tasks' : 'milestones';
  const subgroup =
    values.subgroup === null || current?.type === other
      ? (laneOfType(subgroups, kindLane(milestone)) ?? values.subgroup)
      : values.subgroup;
  return { milestone, end: milestone ? null : (values.end ?? values.start), subgroup };
};

/**
 * §4 changing the group: a lane of the same type as before (unless INDIVIDUAL), else the group's default
 * lane of the item's kind; a task takes the group's default resource when it has none.
 */
export const changeGroup = (
  values: Pick<ItemFormValues, 'milestone' | 'subgroup' | 'resource'>,
  oldSubgroups: readonly Subgroup[],
  group: ItemGroup | null,
): { group: number | null; subgroup: string | null; resource: number | null } => {
  if (!group) return { group: null, subgroup: null, resource: values.resource };
  const before = oldSubgroups.find((s) => s.id === values.subgroup)?.type;
  const type = before && before !== 'INDIVIDUAL' ? before : kindLane(values.milestone);
  return {
    group: group.id,
    subgroup: laneOfType(group.subgroups, type) ?? laneOfType(group.subgroups, kindLane(values.milestone)),
    resource: values.milestone ? values.resource : (values.resource ?? group.resource),
  };
};

/** §4: clearing the issue group clears the external id. */
export const changeIssueGroup = (
  values: Pick<ItemFormValues, 'jiraid'>,
  jiragroup: string | null,
): { jiragroup: string; jiraid: string } => ({
  jiragroup: jiragroup ?? '',
  jiraid: jiragroup?.trim() ? values.jiraid : '',
});

/**
 * §4 the values to save in `group`: an issue group only counts while the project has no repository, so
 * one left from before a move into a project with a repository is cleared (sent as null).
 */
export const withProjectRepository = (
  values: ItemFormValues,
  group: Pick<GroupView, 'jirarepo'> | null,
): ItemFormValues => (group?.jirarepo ? { ...values, jiragroup: '' } : values);

/** §4 a system type forces status 0 (shown, see shownStatus); background items have no lane. */
export const changeType = (
  values: Pick<ItemFormValues, 'subgroup' | 'milestone'>,
  type: ItemSystemType | null,
  subgroups: readonly Subgroup[],
): { type: ItemSystemType | null; subgroup: string | null } => ({
  type,
  subgroup:
    type === 'background'
      ? null
      : (values.subgroup ?? laneOfType(subgroups, kindLane(values.milestone)) ?? null),
});

/** §4 the issue groups the item may name: the tracker repositories of the tenant's projects. */
export interface IssueGroup {
  id: string;
  url: string;
}

export const issueGroupsOf = (groups: readonly Pick<GroupView, 'jirarepo'>[]): IssueGroup[] => {
  const byId = new Map<string, IssueGroup>();
  for (const { jirarepo } of groups)
    if (jirarepo && String(jirarepo.id).trim() && !byId.has(String(jirarepo.id)))
      byId.set(String(jirarepo.id), { id: String(jirarepo.id), url: jirarepo.url });
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
};

/**
 * The tracker link of the external id (§2): by the project's repository, else by the chosen issue
 * group's; null when none can be built.
 */
export const issueLinkOf = (
  values: Pick<ItemFormValues, 'jiraid' | 'jiragroup'>,
  group: Pick<GroupView, 'jirarepo'> | null,
  issueGroups: readonly IssueGroup[],
): string | null => {
  const base = group?.jirarepo?.url ?? issueGroups.find((g) => g.id === values.jiragroup.trim())?.url;
  return trackerIssueLink(base, values.jiraid);
};

/** §2 group choices: own, active projects, never the sprint group, sorted case-insensitively. */
export const itemGroupOptions = (
  projects: readonly Pick<GroupView, 'id' | 'title' | 'art' | 'shared' | 'deleted'>[],
) =>
  projects
    .filter((p) => !p.shared && !p.deleted && !isSprintGroup(p))
    .map((p) => ({ value: String(p.id), label: p.title }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));

/** Every item field of the form as SaveItem carries it (§5: texts trimmed; task-only fields). */
const itemFields = (values: ItemFormValues, definitions: readonly AttributeDefinition[]) => {
  const task = !values.milestone;
  const description = trimText(values.description);
  return {
    title: trimText(values.title) ?? '',
    subtitle: trimText(values.subtitle),
    shortname: trimText(values.shortname),
    description: description === null ? null : lineBreaksToBr(description),
    effort: task ? fieldNumber(values.effort) : null,
    jiraid: trimText(values.jiraid),
    group: values.group ?? undefined,
    subgroup: values.type === 'background' ? null : values.subgroup,
    resource: task ? values.resource : null,
    jiragroup: task ? trimText(values.jiragroup) : null,
    start: serverStart(values.start) ?? undefined,
    end: task ? serverEnd(values.end) : null,
    // with a type the server forces 0 and keeps the status aside itself: sending 0 would overwrite it
    status: values.type === null ? values.status : undefined,
    docUrl: trimText(values.docUrl),
    className: trimText(values.className),
    type: values.type,
    attributes: attributesToServer(definitions, values.attributes, values.storedAttributes),
  } satisfies SaveItemInput;
};

type ItemFieldsInput = ReturnType<typeof itemFields>;

/**
 * The SaveItem command: a create with every field (and the rank, when known) without `record`; an update
 * of the version the user saw with only the fields that differ from `before`.
 */
export const toSaveCommand = (
  values: ItemFormValues,
  record: ItemRecord | null,
  before: ItemFormValues | null = null,
  rank: string | null = null,
  definitions: readonly AttributeDefinition[] = [],
): SaveItemInput => {
  const fields = Object.fromEntries(
    Object.entries(itemFields(values, definitions)).filter(([, v]) => v !== undefined),
  ) as Partial<ItemFieldsInput>;
  if (!record) return rank === null ? fields : { ...fields, rank };
  return changedFields(record, fields, before && itemFields(before, definitions));
};

/** Whether the item's own fields (what SaveItem carries) differ. */
export const itemFieldsChanged = fieldsDiffer(itemFields);

export { sameValues };

/** §5 rules from the shared schema; begin required and valid; end ≥ begin; the lane; the new comment. */
export const itemFormValidator = (
  t: TFunction<'items'>,
  definitions: readonly AttributeDefinition[] = [],
): ((values: ItemFormValues) => FormErrors) => {
  const required = t('form.required');
  const dateError = t('form.dateTime');
  const commandErrors = zodValidate(
    saveItemSchema,
    (values: ItemFormValues) => toSaveCommand(values, null, null, null, definitions),
    (path) => attributeErrorPath(definitions, path),
  );
  return (values) => {
    const errors: FormErrors = {
      ...attributeFormErrors(definitions, values.attributes, values.storedAttributes),
    };
    if (!values.start?.trim()) errors.start = required;
    else if (!serverStart(values.start)) errors.start = dateError;
    if (!values.milestone) {
      const start = serverStart(values.start);
      const end = serverEnd(values.end);
      if (!values.end?.trim()) errors.end = required;
      else if (!end) errors.end = dateError;
      else if (dateOrderError(start, end)) errors.end = dateOrderError(start, end);
    }
    if (values.group === null) errors.group = required;
    if (values.type !== 'background' && !values.subgroup) errors.subgroup = required;
    for (const [field, message] of Object.entries(commandErrors(values))) errors[field] ??= message;
    Object.assign(errors, newCommentErrors(values));
    return errors;
  };
};

/** The dialog's title (§2). */
export const itemDialogTitle = (
  t: TFunction<'items'>,
  isNew: boolean,
  values: Pick<ItemFormValues, 'milestone' | 'title' | 'subtitle'>,
) => {
  if (isNew) return values.milestone ? t('dialogTitle.newMilestone') : t('dialogTitle.newItem');
  const name = [values.title, values.subtitle].filter((part) => part.trim() !== '').join(' ');
  if (!name) return values.milestone ? t('dialogTitle.showMilestone') : t('dialogTitle.showItem');
  return values.milestone
    ? t('dialogTitle.showMilestoneNamed', { name })
    : t('dialogTitle.showItemNamed', { name });
};
