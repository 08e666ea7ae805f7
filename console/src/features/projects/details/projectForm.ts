import {
  dateOrderError,
  defaultCalendarId,
  endFromServer,
  endToServer,
  defaultOptionLists,
  isSelectableSharedParent,
  isUiDate,
  metricTypes,
  saveGroupSchema,
  serverToUiDate,
  trimText,
  uiToServerDate,
} from '@fahrplan/contracts';
import type {
  AttributeValue,
  CalendarRules,
  GroupDetailsView,
  GroupView,
  OptionLists,
  SchedulingMode,
} from '@fahrplan/contracts';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { notAssigned } from '../../applications/details/parentOptions';
import { bernRules } from '../../common/bernRules';
import { withDescendants } from '../../common/descendants';
import { changedFields, fieldsDiffer, sameValues } from '../../common/formChanges';
import { zodValidate } from '../../common/zodValidate';
import { newCommentErrors } from '../../record-dialog/newCommentErrors';
import type { SaveGroupInput } from './projectDetailsApi';
import type { RatingValues, StrategyValue } from './tabTypes';
import { attributeErrorPath, attributesToForm, attributesToServer } from '../../common/attributes';
import type { AttributeDefinition, AttributeFormValues } from '../../common/attributes';

/** What the project dialog edits. Dates are shown dates (DD.MM.YYYY); `end` is the last day, inclusive. */
export interface ProjectFormValues {
  title: string;
  description: string;
  start: string | null;
  end: string | null;
  status: number;
  contact: string;
  projectNr: string;
  shortname: string;
  art: number;
  phase: number;
  klasse: number;
  healthStatus: number;
  docUrl: string;
  applications: number[];
  resource: number | null;
  parent: number | null;
  jiraRepoId: string;
  jiraRepoUrl: string;
  jiraid: string;
  cockpitid: string;
  iamId: string;
  /** Issue 21: whether moving an item moves its successors (absent on older projects: manual). */
  scheduling: SchedulingMode;
  /** Issue 24: the project's working-day calendar (0: the tenant's default). */
  calendar: number;
  rating: RatingValues;
  strategy: StrategyValue;
  /** Tenants the project is to be shared with (§2 chip input); the save flow diffs it with the server's. */
  shareWith: string[];
  /** §4: the user chose 'add project account'; the account is created on save. */
  addAccount: boolean;
  /** A new comment, posted after the project is saved. */
  comment: string;
  /** The custom attributes of the tenant's project attribute schema, by key (issue 19, §3). */
  attributes: AttributeFormValues;
  /** The attributes as stored: those the schema no longer lists are sent back unchanged. */
  storedAttributes: AttributeValue[];
}

/** The saved record the dialog works on: null until a new project has been created. */
export interface ProjectRecord {
  id: number;
  version: number;
  account: number | null;
}

const text = (value: string | null | undefined) => value ?? '';

/** Server dates → shown dates; a stored end not after the start (0 days) shows as the start day. */
const shownDates = (start: string | null, end: string | null) => {
  const shownEnd = endFromServer(end);
  if (start && end && end <= start) return { start: serverToUiDate(start), end: serverToUiDate(start) };
  return { start: start ? serverToUiDate(start) : null, end: shownEnd };
};

/**
 * The form for a project, or for a new one the §4 defaults: status 3, phase/art/klasse/healthStatus 0,
 * all metrics 0, start = end = `today` (YYYY-MM-DD), and the preselected application if any.
 */
export const toFormValues = (
  group: GroupDetailsView | null,
  today: string,
  application: number | null = null,
  definitions: readonly AttributeDefinition[] = [],
): ProjectFormValues => {
  const dates = group
    ? shownDates(group.start, group.end)
    : { start: serverToUiDate(today), end: serverToUiDate(today) };
  return {
    title: text(group?.title),
    description: text(group?.description),
    ...dates,
    status: group?.status ?? 3,
    contact: text(group?.contact),
    projectNr: text(group?.projectNr),
    shortname: text(group?.shortname),
    art: group?.art ?? 0,
    phase: group?.phase ?? 0,
    klasse: group?.klasse ?? 0,
    healthStatus: group?.healthStatus ?? 0,
    docUrl: text(group?.docUrl),
    applications: group ? [...group.applications] : application === null ? [] : [application],
    resource: group?.resource ?? null,
    parent: group?.parent ?? null,
    jiraRepoId: group?.jirarepo ? String(group.jirarepo.id) : '',
    jiraRepoUrl: text(group?.jirarepo?.url),
    jiraid: text(group?.jiraid),
    cockpitid: text(group?.cockpitid),
    iamId: text(group?.iamId),
    scheduling: group?.scheduling ?? 'manual',
    calendar: group?.calendar ?? defaultCalendarId,
    rating: {
      metric1: group?.metric1 ?? 0,
      metric2: group?.metric2 ?? 0,
      metric3: group?.metric3 ?? 0,
      metric4: group?.metric4 ?? 0,
      metrics: group?.metrics ?? metricTypes.map((type) => ({ group: null, type, value: 0 })),
    },
    strategy: {
      assigned: (group?.goals ?? []).map(({ goalId, value }) => ({ goal: goalId, value })),
      pending: [],
    },
    shareWith: [...(group?.sharedWith ?? [])],
    addAccount: false,
    comment: '',
    attributes: attributesToForm(definitions, group?.attributes ?? []),
    storedAttributes: [...(group?.attributes ?? [])],
  };
};

const serverDate = (ui: string | null) => (ui && isUiDate(ui) ? uiToServerDate(ui) : null);
const serverEnd = (ui: string | null) => (ui && isUiDate(ui) ? endToServer(ui) : null);

/** Every project field of the form as SaveGroup carries it (texts trimmed, dates YYYY-MM-DD, end exclusive). */
const groupFields = (values: ProjectFormValues, definitions: readonly AttributeDefinition[]) => {
  const repoId = trimText(values.jiraRepoId);
  return {
    title: trimText(values.title) ?? '',
    description: trimText(values.description),
    start: serverDate(values.start),
    end: serverEnd(values.end),
    status: values.status,
    contact: trimText(values.contact),
    projectNr: trimText(values.projectNr),
    shortname: trimText(values.shortname),
    art: values.art,
    phase: values.phase,
    klasse: values.klasse,
    healthStatus: values.healthStatus,
    docUrl: trimText(values.docUrl),
    applications: values.applications,
    resource: values.resource,
    parent: values.parent,
    jirarepo: repoId ? { id: repoId, url: trimText(values.jiraRepoUrl) ?? '' } : null,
    jiraid: repoId ? trimText(values.jiraid) : null,
    cockpitid: trimText(values.cockpitid),
    iamId: trimText(values.iamId),
    scheduling: values.scheduling,
    calendar: values.calendar,
    metric1: values.rating.metric1,
    metric2: values.rating.metric2,
    metric3: values.rating.metric3,
    metric4: values.rating.metric4,
    metrics: values.rating.metrics.map((m) => ({ ...m })),
    attributes: attributesToServer(definitions, values.attributes, values.storedAttributes),
  } satisfies SaveGroupInput;
};

/**
 * The SaveGroup command: a create with every field without `record`; an update of the version the
 * user saw with only the fields that differ from `before` (what the server has).
 */
export const toSaveCommand = (
  values: ProjectFormValues,
  record: ProjectRecord | null,
  before: ProjectFormValues | null = null,
  definitions: readonly AttributeDefinition[] = [],
): SaveGroupInput => {
  const fields = groupFields(values, definitions);
  if (!record) return fields;
  return changedFields(record, fields, before && groupFields(before, definitions));
};

/** Whether the project's own fields (what SaveGroup carries) differ. */
export const projectFieldsChanged = fieldsDiffer(groupFields);

export { sameValues };

/**
 * Working days of the shown range [start, end] (end inclusive) by the project's calendar `rules` (§9's
 * by default); null without both dates, when end < start, or without rules (the calendar still loads).
 */
export const durationOf = (
  values: Pick<ProjectFormValues, 'start' | 'end'>,
  rules: CalendarRules | null = bernRules,
): number | null => {
  const start = serverDate(values.start);
  const end = serverEnd(values.end);
  if (!start || !end || end <= start || !rules) return null;
  try {
    return rules.countWorkingDays(start, end);
  } catch {
    return null; // outside the calendar's years
  }
};

/**
 * §4: a new start keeps the working-day duration (by the project's calendar `rules`) and moves the end.
 * A range of 0 working days (e.g. a weekend day) moves to a single day at the new start. Without rules
 * (the calendar still loads) the end stays.
 */
export const changeStart = (
  values: Pick<ProjectFormValues, 'start' | 'end'>,
  start: string | null,
  rules: CalendarRules | null = bernRules,
): { start: string | null; end: string | null } => {
  const oldStart = serverDate(values.start);
  const oldEnd = serverEnd(values.end);
  const newStart = serverDate(start);
  if (!oldStart || !oldEnd || !newStart || oldEnd <= oldStart || !rules) return { start, end: values.end };
  try {
    const end = rules.moveKeepingDuration(oldStart, oldEnd, newStart);
    return { start, end: end > newStart ? endFromServer(end) : start };
  } catch {
    return { start, end: values.end }; // outside the calendar's years: keep the end
  }
};

/** §4: clearing the repository clears the issue id. */
export const changeRepository = (
  values: Pick<ProjectFormValues, 'jiraid'>,
  jiraRepoId: string,
): { jiraRepoId: string; jiraid: string } => ({
  jiraRepoId,
  jiraid: jiraRepoId.trim() ? values.jiraid : '',
});

const fieldOfPath = (path: string) => {
  const [head] = path.split('.');
  if (head === 'jirarepo') return path.endsWith('url') ? 'jiraRepoUrl' : 'jiraRepoId';
  if (head === 'metric1' || head === 'metric2' || head === 'metric3' || head === 'metric4') return 'rating';
  if (head === 'metrics') return 'rating';
  return head ?? path;
};

const tenantNameMax = 100;

/** §5 rules from the shared schemas, end ≥ start, the new comment and the tenant chips. */
export const projectFormValidator = (
  t: TFunction<'projects'>,
  definitions: readonly AttributeDefinition[] = [],
): ((values: ProjectFormValues) => FormErrors) => {
  const commandErrors = zodValidate(
    saveGroupSchema,
    (values: ProjectFormValues) => toSaveCommand(values, null, null, definitions),
    (path) => (path.startsWith('attributes') ? attributeErrorPath(definitions, path) : fieldOfPath(path)),
  );
  return (values) => {
    const errors: FormErrors = { ...commandErrors(values) };
    const start = serverDate(values.start);
    const end = serverDate(values.end);
    const order = dateOrderError(start, end);
    if (order) errors.end ??= order;
    Object.assign(errors, newCommentErrors(values));
    if (values.shareWith.some((t) => t.trim().length > tenantNameMax))
      errors.shareWith = t('details.tenantNameTooLong', { max: tenantNameMax });
    return errors;
  };
};

/**
 * §4 parent choices: the tenant's projects and the accepted shared ones of a status its list allows
 * a shared parent (`isSelectableSharedParent`, issue 19), except this one and its descendants (no cycles), sorted
 * case-insensitively, 'not assigned' first.
 */
export const projectParentOptions = (
  projects: readonly (Pick<GroupView, 'id' | 'title' | 'parent' | 'deleted'> &
    Partial<Pick<GroupView, 'shared' | 'status'>>)[],
  selfId: number | null,
  t: TFunction<'projects'>,
  lists: OptionLists = defaultOptionLists,
) => {
  const excluded = selfId === null ? new Set<number>() : withDescendants(projects, selfId);
  return [
    { value: notAssigned, label: t('details.notAssigned') },
    ...projects
      .filter((p) => !excluded.has(p.id) && !p.deleted)
      .filter((p) => !p.shared || p.status === undefined || isSelectableSharedParent(p.status, lists))
      .map((p) => ({ value: String(p.id), label: p.title }))
      .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' })),
  ];
};
