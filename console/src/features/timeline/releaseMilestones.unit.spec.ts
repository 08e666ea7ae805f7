import { describe, expect, it } from '@jest/globals';
import type { TrackerReleaseView } from '@fahrplan/contracts';
import { readShowReleases, withShowReleases } from './timelineUrl';
import { releaseState, releasesByGroup, withReleaseRows } from './releaseMilestones';

const release = (overrides: Partial<TrackerReleaseView>): TrackerReleaseView => ({
  id: '1/500',
  repositoryId: '1/10001',
  projectKey: 'APO',
  name: 'APO 2.4',
  description: null,
  startDate: null,
  releaseDate: '2026-12-02',
  released: false,
  archived: false,
  url: 'https://acme.example/projects/APO/versions/500/tab/release-report-all-issues',
  groups: [7],
  ...overrides,
});

const groups = [
  { id: 7, jirarepo: { id: '1/10001', url: 'https://acme.example' } },
  { id: 8, jirarepo: { id: '1/10001', url: 'https://acme.example' } },
  { id: 9, jirarepo: null },
];

describe('releases → timeline milestones', () => {
  it('draws each release in every linked project, on its day, sorted by date', () => {
    const byGroup = releasesByGroup(
      [
        release({ id: '1/502', name: 'APO 3.0', releaseDate: '2027-01-15', groups: [7, 8] }),
        release({ id: '1/501', name: 'APO 2.4', releaseDate: '2026-12-02', released: true }),
      ],
      groups,
    );
    expect(byGroup.get(7)?.map((m) => [m.name, m.date, m.at, m.released])).toEqual([
      ['APO 2.4', '2026-12-02', Date.UTC(2026, 11, 2), true],
      ['APO 3.0', '2027-01-15', Date.UTC(2027, 0, 15), false],
    ]);
    expect(byGroup.get(8)?.map((m) => m.name)).toEqual(['APO 3.0']);
  });

  it('skips versions without a release date and archived ones', () => {
    const byGroup = releasesByGroup(
      [
        release({ releaseDate: null }),
        release({ id: '1/2', archived: true }),
        release({ id: '1/3', releaseDate: 'soon' }),
      ],
      groups,
    );
    expect(byGroup.get(7)).toEqual([]);
  });

  it('gives every project that links a repository an entry, and none to others or unknown projects', () => {
    const byGroup = releasesByGroup([release({ groups: [7, 42] })], groups);
    expect([...byGroup.keys()]).toEqual([7, 8]);
    expect(byGroup.get(8)).toEqual([]);
    expect(byGroup.has(42)).toBe(false);
  });

  it('tells released, unreleased and overdue apart', () => {
    expect(releaseState({ released: true, date: '2026-01-01' }, '2026-06-01')).toBe('released');
    expect(releaseState({ released: false, date: '2026-01-01' }, '2026-06-01')).toBe('overdue');
    expect(releaseState({ released: false, date: '2026-06-01' }, '2026-06-01')).toBe('unreleased');
  });
});

describe('releases rows', () => {
  const lanes = [
    { key: '7|tasks', groupId: 7, groupTitle: 'Apollo', last: false },
    { key: '7|milestones', groupId: 7, groupTitle: 'Apollo', last: true },
    { key: '9|tasks', groupId: 9, groupTitle: 'Other', last: true },
  ];

  it('follow the last lane of each project with releases', () => {
    const rows = withReleaseRows(lanes, new Map([[7, []]]));
    expect(rows.map((r) => r.key)).toEqual(['7|tasks', '7|milestones', '7|releases', '9|tasks']);
    expect(rows[2]).toEqual({ kind: 'releases', key: '7|releases', groupId: 7, groupTitle: 'Apollo' });
  });

  it('are none without releases (switched off or no jira)', () => {
    expect(withReleaseRows(lanes, null).map((r) => r.key)).toEqual(lanes.map((l) => l.key));
  });
});

describe('the releases switch in the URL', () => {
  it('is on unless releases=off, and leaves the URL when on', () => {
    const params = new URLSearchParams('from=2026-11-01&to=2027-01-01');
    expect(readShowReleases(params)).toBe(true);
    const off = withShowReleases(params, false);
    expect(off.get('releases')).toBe('off');
    expect(off.get('from')).toBe('2026-11-01');
    expect(readShowReleases(off)).toBe(false);
    expect(withShowReleases(off, true).has('releases')).toBe(false);
  });
});
