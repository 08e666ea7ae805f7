/** The records whose dialogs name their fields: what History and "Compare with now" call a field. */
export type LabelledRecord = 'application' | 'project' | 'item';

/** Fields every record dialog names alike. */
const shared: Readonly<Record<string, string>> = {
  title: 'Title',
  name: 'Name',
  shortname: 'Short name',
  description: 'Description',
  contact: 'Contact',
  docUrl: 'Documentation URL',
  cockpitid: 'Cockpit id',
  start: 'Begin',
  end: 'End',
  status: 'Status',
  attributes: 'Attributes',
  account: 'Account',
  parentOrder: 'Order under the parent',
  rank: 'Rank',
  deleted: 'Deleted',
  comment: 'New comment',
  addAccount: 'Add account',
};

/**
 * Each record's fields as its dialog labels them (issue 19): the read model's names (History) and the
 * form's (Compare with now), where they differ both.
 */
const labels: Readonly<Record<LabelledRecord, Readonly<Record<string, string>>>> = {
  project: {
    ...shared,
    projectNr: 'Project number',
    iamId: 'Identity id',
    parent: 'Parent project',
    jirarepo: 'Tracker repository',
    jiraRepoId: 'Tracker repository',
    jiraRepoUrl: 'Tracker repository URL',
    jiraid: 'Issue id',
    metric1: 'Metric 1',
    metric2: 'Metric 2',
    metric3: 'Metric 3',
    metric4: 'Metric 4 (priority)',
    metrics: 'Ratings',
    rating: 'Key figures',
    healthStatus: 'Health status',
    phase: 'Phase',
    art: 'Type (art)',
    klasse: 'Class (klasse)',
    resource: 'Resource',
    applications: 'Applications',
    visible: 'Visible on the timeline',
    goals: 'Goals',
    strategy: 'Goals',
    shares: 'Shared with tenants',
    sharedWith: 'Shared with tenants (names)',
    acceptedBy: 'Accepted by tenants',
    shareWith: 'Shared with tenants',
    subgroups: 'Lanes',
  },
  item: {
    ...shared,
    subtitle: 'Subtitle',
    effort: 'Effort (person-days)',
    jiraid: 'External issue id',
    jiragroup: 'Issue group',
    group: 'Project',
    subgroup: 'Subgroup',
    resource: 'Resource',
    className: 'Class name',
    type: 'System type',
    storedStatus: 'Status set aside by the system type',
    milestone: 'Milestone',
  },
  application: {
    ...shared,
    release: 'Release',
    assetNr: 'Asset number',
    provider: 'Provider',
    vendor: 'Vendor',
    parent: 'Parent application',
  },
};

/** A field's name as words, for fields no dialog labels ('issue.fixVersion' → 'Issue fix version'). */
export const fieldWords = (field: string): string => {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A field of a `record` as its dialog labels it; one no dialog shows, as words. */
export const fieldLabel = (record: LabelledRecord | null, field: string): string =>
  (record === null ? undefined : labels[record][field]) ?? fieldWords(field);
