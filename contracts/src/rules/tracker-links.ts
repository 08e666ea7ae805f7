/** Deployment configuration of the tracker links. */
export interface TrackerLinkConfig {
  /** Hosts (e.g. 'jira.internal.example') whose release links get no '/tab/release-report-all-issues' suffix (§1). */
  readonly hostsWithoutReleaseReportSuffix: readonly string[];
}

type LinkPart = string | number | null | undefined;

const releaseReportSuffix = '/tab/release-report-all-issues';

const present = (part: LinkPart): string | null => {
  if (typeof part === 'number') return Number.isFinite(part) ? String(part) : null;
  const text = typeof part === 'string' ? part.trim() : '';
  return text === '' ? null : text;
};

const baseUrl = (base: LinkPart): string | null => {
  const text = present(base);
  const stripped = text === null ? '' : text.replace(/\/+$/, '');
  return stripped === '' ? null : stripped;
};

const hostOf = (base: string): string | null => {
  try {
    return new URL(base).hostname.toLowerCase();
  } catch {
    return null;
  }
};

const segment = (part: string) => encodeURIComponent(part);

/** `{base}/browse/{key}` for a tracker project; null if an input is missing or empty. */
export function trackerProjectLink(
  base: string | null | undefined,
  key: string | null | undefined,
): string | null {
  const [root, projectKey] = [baseUrl(base), present(key)];
  return root === null || projectKey === null ? null : `${root}/browse/${segment(projectKey)}`;
}

/** The planning view of a board, `{base}/secure/RapidBoard.jspa?rapidView={boardId}&view=planning.nodetails`; null if an input is missing. */
export function trackerBoardLink(
  base: string | null | undefined,
  boardId: string | number | null | undefined,
): string | null {
  const [root, board] = [baseUrl(base), present(boardId)];
  return root === null || board === null
    ? null
    : `${root}/secure/RapidBoard.jspa?rapidView=${encodeURIComponent(board)}&view=planning.nodetails`;
}

/** `{base}/browse/{key}` for a tracker issue: the tracker browses projects and issues alike, by key. */
export const trackerIssueLink = trackerProjectLink;

/**
 * `{base}/projects/{project}/versions/{version}` plus '/tab/release-report-all-issues', unless the
 * base URL's host is one of `config.hostsWithoutReleaseReportSuffix` (compared case-insensitively);
 * null if an input is missing or empty.
 */
export function trackerReleaseLink(
  base: string | null | undefined,
  project: string | null | undefined,
  version: string | number | null | undefined,
  config: TrackerLinkConfig,
): string | null {
  const [root, projectKey, versionId] = [baseUrl(base), present(project), present(version)];
  if (root === null || projectKey === null || versionId === null) return null;
  const link = `${root}/projects/${segment(projectKey)}/versions/${segment(versionId)}`;
  const host = hostOf(root);
  const withoutSuffix =
    host !== null && config.hostsWithoutReleaseReportSuffix.some((h) => h.toLowerCase() === host);
  return withoutSuffix ? link : link + releaseReportSuffix;
}
