import type { TrackerIssueView } from '@fahrplan/contracts';

/** Mirrored issues by key (upper case, as the tracker writes keys); a key may exist in two connections. */
export type IssueIndex = ReadonlyMap<string, readonly TrackerIssueView[]>;

export const issueIndex = (issues: readonly TrackerIssueView[]): IssueIndex => {
  const index = new Map<string, TrackerIssueView[]>();
  for (const issue of issues) {
    const key = issue.key.toUpperCase();
    index.set(key, [...(index.get(key) ?? []), issue]);
  }
  return index;
};

/**
 * The mirrored issue a typed key names: keys are matched case-insensitively (the tracker's are upper
 * case); of the same key in several connections, the one of `connectionId` when known.
 */
export const findIssue = (
  index: IssueIndex,
  key: string | null | undefined,
  connectionId: number | null = null,
): TrackerIssueView | undefined => {
  const candidates = index.get((key ?? '').trim().toUpperCase()) ?? [];
  return candidates.find((issue) => issue.connectionId === connectionId) ?? candidates[0];
};
