import type { TrackerLinkConfig } from './tracker-links';
import { trackerBoardLink, trackerIssueLink, trackerProjectLink, trackerReleaseLink } from './tracker-links';

const config: TrackerLinkConfig = { hostsWithoutReleaseReportSuffix: ['jira.internal.example'] };
const noHosts: TrackerLinkConfig = { hostsWithoutReleaseReportSuffix: [] };
const missing = [null, undefined, '', '   '];

describe('trackerProjectLink', () => {
  it('links to the project', () =>
    expect(trackerProjectLink('https://tracker.example', 'PLAN')).toBe(
      'https://tracker.example/browse/PLAN',
    ));

  it('strips trailing slashes from the base and trims the inputs', () => {
    expect(trackerProjectLink('https://tracker.example/', 'PLAN')).toBe(
      'https://tracker.example/browse/PLAN',
    );
    expect(trackerProjectLink(' https://tracker.example/jira/// ', ' PLAN ')).toBe(
      'https://tracker.example/jira/browse/PLAN',
    );
  });

  it('encodes the key as a path segment', () =>
    expect(trackerProjectLink('https://tracker.example', 'A/B C')).toBe(
      'https://tracker.example/browse/A%2FB%20C',
    ));

  it.each(missing)('is null when the base is %j', (base) =>
    expect(trackerProjectLink(base, 'PLAN')).toBeNull(),
  );
  it.each(missing)('is null when the key is %j', (key) =>
    expect(trackerProjectLink('https://tracker.example', key)).toBeNull(),
  );
  it('is null when the base is only slashes', () => expect(trackerProjectLink('///', 'PLAN')).toBeNull());
});

describe('trackerBoardLink', () => {
  it('links to the planning view of the board', () => {
    expect(trackerBoardLink('https://tracker.example/', 42)).toBe(
      'https://tracker.example/secure/RapidBoard.jspa?rapidView=42&view=planning.nodetails',
    );
    expect(trackerBoardLink('https://tracker.example', '42')).toBe(
      'https://tracker.example/secure/RapidBoard.jspa?rapidView=42&view=planning.nodetails',
    );
  });

  it('keeps a board id of 0', () =>
    expect(trackerBoardLink('https://tracker.example', 0)).toBe(
      'https://tracker.example/secure/RapidBoard.jspa?rapidView=0&view=planning.nodetails',
    ));

  it('encodes the board id', () =>
    expect(trackerBoardLink('https://tracker.example', '4&x=1')).toBe(
      'https://tracker.example/secure/RapidBoard.jspa?rapidView=4%26x%3D1&view=planning.nodetails',
    ));

  it.each([...missing, Number.NaN])('is null when the board id is %j', (boardId) =>
    expect(trackerBoardLink('https://tracker.example', boardId)).toBeNull(),
  );
  it.each(missing)('is null when the base is %j', (base) => expect(trackerBoardLink(base, 42)).toBeNull());
});

describe('trackerIssueLink', () => {
  it('links to the issue', () =>
    expect(trackerIssueLink('https://tracker.example//', 'PLAN-17')).toBe(
      'https://tracker.example/browse/PLAN-17',
    ));

  it('encodes the key', () =>
    expect(trackerIssueLink('https://tracker.example', 'PLAN-17?x')).toBe(
      'https://tracker.example/browse/PLAN-17%3Fx',
    ));

  it.each(missing)('is null when the key is %j', (key) =>
    expect(trackerIssueLink('https://tracker.example', key)).toBeNull(),
  );
  it.each(missing)('is null when the base is %j', (base) =>
    expect(trackerIssueLink(base, 'PLAN-17')).toBeNull(),
  );
});

describe('trackerReleaseLink', () => {
  it('appends the release report tab for other hosts', () =>
    expect(trackerReleaseLink('https://tracker.example/', 'PLAN', '10200', config)).toBe(
      'https://tracker.example/projects/PLAN/versions/10200/tab/release-report-all-issues',
    ));

  it('omits the tab for a configured host', () =>
    expect(trackerReleaseLink('https://jira.internal.example/', 'PLAN', 10200, config)).toBe(
      'https://jira.internal.example/projects/PLAN/versions/10200',
    ));

  it('compares the host case-insensitively and ignores port and path', () => {
    expect(trackerReleaseLink('https://JIRA.Internal.example:8443/jira', 'PLAN', 1, config)).toBe(
      'https://JIRA.Internal.example:8443/jira/projects/PLAN/versions/1',
    );
    expect(
      trackerReleaseLink('https://jira.internal.example', 'PLAN', 1, {
        hostsWithoutReleaseReportSuffix: ['JIRA.INTERNAL.EXAMPLE'],
      }),
    ).toBe('https://jira.internal.example/projects/PLAN/versions/1');
  });

  it('matches the whole host, not a suffix of it', () =>
    expect(trackerReleaseLink('https://other-jira.internal.example', 'PLAN', 1, config)).toBe(
      'https://other-jira.internal.example/projects/PLAN/versions/1/tab/release-report-all-issues',
    ));

  it('appends the tab when no hosts are configured', () =>
    expect(trackerReleaseLink('https://jira.internal.example', 'PLAN', 1, noHosts)).toBe(
      'https://jira.internal.example/projects/PLAN/versions/1/tab/release-report-all-issues',
    ));

  it('appends the tab when the base is not a parsable URL', () =>
    expect(trackerReleaseLink('jira.internal.example', 'PLAN', 1, config)).toBe(
      'jira.internal.example/projects/PLAN/versions/1/tab/release-report-all-issues',
    ));

  it('encodes project and version as path segments', () =>
    expect(trackerReleaseLink('https://tracker.example', 'PL AN', '1/2', config)).toBe(
      'https://tracker.example/projects/PL%20AN/versions/1%2F2/tab/release-report-all-issues',
    ));

  it.each(missing)('is null when the base is %j', (base) =>
    expect(trackerReleaseLink(base, 'PLAN', 1, config)).toBeNull(),
  );
  it.each(missing)('is null when the project is %j', (project) =>
    expect(trackerReleaseLink('https://tracker.example', project, 1, config)).toBeNull(),
  );
  it.each(missing)('is null when the version is %j', (version) =>
    expect(trackerReleaseLink('https://tracker.example', 'PLAN', version, config)).toBeNull(),
  );
});
