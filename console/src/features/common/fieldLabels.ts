import type { TFunction } from 'i18next';
import type { SchedulingMode } from '@fahrplan/contracts';

/** The records whose dialogs name their fields: what History and "Compare with now" call a field. */
export type LabelledRecord = 'application' | 'project' | 'item';

/** Fields every record dialog names alike. */
const shared = (t: TFunction): Readonly<Record<string, string>> => ({
  title: t('common:recordFields.title'),
  name: t('common:recordFields.name'),
  shortname: t('common:recordFields.shortname'),
  description: t('common:recordFields.description'),
  contact: t('common:recordFields.contact'),
  docUrl: t('common:recordFields.docUrl'),
  cockpitid: t('common:recordFields.cockpitid'),
  start: t('common:recordFields.start'),
  end: t('common:recordFields.end'),
  status: t('common:recordFields.status'),
  attributes: t('common:recordFields.attributes'),
  account: t('common:recordFields.account'),
  parentOrder: t('common:recordFields.parentOrder'),
  rank: t('common:recordFields.rank'),
  deleted: t('common:recordFields.deleted'),
  comment: t('common:recordFields.comment'),
  addAccount: t('common:recordFields.addAccount'),
});

/**
 * Each record's fields as its dialog labels them (issue 19): the read model's names (History) and the
 * form's (Compare with now), where they differ both.
 */
const labels = (t: TFunction): Readonly<Record<LabelledRecord, Readonly<Record<string, string>>>> => ({
  project: {
    ...shared(t),
    projectNr: t('common:recordFields.projectNr'),
    iamId: t('common:recordFields.iamId'),
    parent: t('common:recordFields.parentProject'),
    jirarepo: t('common:recordFields.trackerRepository'),
    jiraRepoId: t('common:recordFields.trackerRepository'),
    jiraRepoUrl: t('common:recordFields.trackerRepositoryUrl'),
    jiraid: t('common:recordFields.issueId'),
    metric1: t('common:recordFields.metric1'),
    metric2: t('common:recordFields.metric2'),
    metric3: t('common:recordFields.metric3'),
    metric4: t('common:recordFields.metric4'),
    metrics: t('common:recordFields.metrics'),
    rating: t('common:recordFields.rating'),
    healthStatus: t('common:recordFields.healthStatus'),
    phase: t('common:recordFields.phase'),
    art: t('common:recordFields.art'),
    klasse: t('common:recordFields.klasse'),
    resource: t('common:recordFields.resource'),
    applications: t('common:recordFields.applications'),
    visible: t('common:recordFields.visible'),
    scheduling: t('common:recordFields.scheduling'),
    calendar: t('common:recordFields.calendar'),
    goals: t('common:recordFields.goals'),
    strategy: t('common:recordFields.goals'),
    shares: t('common:recordFields.shares'),
    sharedWith: t('common:recordFields.sharedWith'),
    acceptedBy: t('common:recordFields.acceptedBy'),
    shareWith: t('common:recordFields.shares'),
    subgroups: t('common:recordFields.lanes'),
  },
  item: {
    ...shared(t),
    subtitle: t('common:recordFields.subtitle'),
    effort: t('common:recordFields.effort'),
    jiraid: t('common:recordFields.externalIssueId'),
    jiragroup: t('common:recordFields.issueGroup'),
    group: t('common:recordFields.project'),
    subgroup: t('common:recordFields.subgroup'),
    resource: t('common:recordFields.resource'),
    className: t('common:recordFields.className'),
    type: t('common:recordFields.systemType'),
    storedStatus: t('common:recordFields.storedStatus'),
    milestone: t('common:recordFields.milestone'),
    predecessors: t('common:recordFields.predecessors'),
    successors: t('common:recordFields.successors'),
  },
  application: {
    ...shared(t),
    release: t('common:recordFields.release'),
    assetNr: t('common:recordFields.assetNr'),
    provider: t('common:recordFields.provider'),
    vendor: t('common:recordFields.vendor'),
    parent: t('common:recordFields.parentApplication'),
  },
});

/** A field's name as words, for fields no dialog labels ('issue.fixVersion' → 'Issue fix version'). */
export const fieldWords = (field: string): string => {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A field of a `record` as its dialog labels it; one no dialog shows, as words. `t` may be any
 * feature's: the labels are common's.
 */
export const fieldLabel = (t: TFunction, record: LabelledRecord | null, field: string): string =>
  (record === null ? undefined : labels(t)[record][field]) ?? fieldWords(field);

/** A project's scheduling mode (issue 21) by its name, in the dialog and in History alike. */
export const schedulingModeLabel = (t: TFunction, mode: SchedulingMode): string =>
  mode === 'automatic' ? t('common:schedulingModes.automatic') : t('common:schedulingModes.manual');
