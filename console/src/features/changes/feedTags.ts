/** Read-model collections of the server and the console's tags for them. */
const tagOf: Readonly<
  Record<string, 'Application' | 'Group' | 'Comment' | 'Account' | 'Baseline' | 'Calendar'>
> = {
  applications: 'Application',
  groups: 'Group',
  comments: 'Comment',
  accounts: 'Account',
  baselines: 'Baseline',
  calendars: 'Calendar',
};

/** The tracker's own tags (the mirror moves with the tracker). */
export type TrackerTag =
  'TrackerConnection' | 'TrackerRepository' | 'TrackerIssue' | 'TrackerRelease' | 'TrackerStatus';

export type FeedTag = (typeof tagOf)[string] | TrackerTag | 'Live' | 'History';

/**
 * The tags a change of the feed invalidates. Now: the collections it touched, unless this console's own
 * command made it (position not past `own`: its mutation invalidated them already), and the tracker's
 * when a tracker collection moved. As of a date the past stands still: only what is live even then,
 * today's versions ("Compare with now", the changed-since marks) and the History tabs.
 */
export const feedTags = ({
  position,
  collections,
  own,
  asOf,
  trackerTags,
}: {
  position: number;
  collections: readonly string[];
  own: number;
  asOf: string | null;
  trackerTags: readonly TrackerTag[];
}): FeedTag[] => {
  if (asOf !== null) return collections.length > 0 ? ['Live', 'History'] : [];
  const logTags = position > own ? collections.map((c) => tagOf[c]).filter((t) => t !== undefined) : [];
  // the tracker mirror moves with the tracker, not with this console's commands (its changes carry the
  // log position reached so far), and its collections are few and small
  const mirrorTags = collections.some((c) => c.startsWith('tracker')) ? trackerTags : [];
  return [...logTags, ...mirrorTags];
};
