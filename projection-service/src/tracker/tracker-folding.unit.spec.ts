import type { ReadDocument } from '../read-store/read-store';
import { projectMessage, syncRunMessage } from './testing/tracker-messages';
import { foldSnapshot, foldSyncRun, trackerDocumentId, vanishedIn } from './tracker-folding';

const at = (minute: number) => `2026-03-02T09:${String(minute).padStart(2, '0')}:00.000Z`;
const ms = (minute: number) => Date.parse(at(minute));

const project = (id: string, minute: number, overrides: Record<string, unknown> = {}) =>
  projectMessage({ tenant: 'acme', connectionId: 7, id, syncedAt: at(minute) }, overrides as never);

describe('folding a tracker snapshot', () => {
  it('makes the document of a first snapshot, positioned at its sync time', () => {
    expect(foldSnapshot(null, project('10000', 5))).toEqual({
      ...project('10000', 5),
      _id: 'acme:7/10000',
      _position: ms(5),
    });
  });

  it('replaces an older snapshot and leaves a newer or the same one', () => {
    const current = foldSnapshot(null, project('10000', 5, { name: 'Old' }))!;

    expect(foldSnapshot(current, project('10000', 6, { name: 'New' }))).toMatchObject({
      name: 'New',
      _position: ms(6),
    });
    expect(foldSnapshot(current, project('10000', 4, { name: 'Older' }))).toBeNull();
    expect(foldSnapshot(current, project('10000', 5, { name: 'Redelivered' }))).toBeNull();
  });

  it('compares sync times across offsets', () => {
    const current = foldSnapshot(null, project('10000', 5))!;
    // 10:04 at +01:00 is 09:04 UTC: older
    expect(foldSnapshot(current, project('10000', 0, { syncedAt: '2026-03-02T10:04:00+01:00' }))).toBeNull();
    expect(
      foldSnapshot(current, project('10000', 0, { syncedAt: '2026-03-02T10:06:00+01:00' })),
    ).not.toBeNull();
  });

  it('gives each tenant and connection its own document', () => {
    const ids = [
      trackerDocumentId({ tenant: 'acme', connectionId: 7, id: '1' }),
      trackerDocumentId({ tenant: 'beta', connectionId: 7, id: '1' }),
      trackerDocumentId({ tenant: 'acme', connectionId: 8, id: '1' }),
    ];
    expect(new Set(ids).size).toBe(3);
  });
});

describe('folding a sync run', () => {
  const run = (started: number, finished: number, overrides = {}) =>
    syncRunMessage(
      { tenant: 'acme', connectionId: 7, startedAt: at(started), finishedAt: at(finished) },
      overrides,
    );

  it('keeps the newest run of a connection, without its lists of present ids', () => {
    const first = foldSyncRun(null, run(1, 2, { present: { projects: ['1'], boards: [], versions: [] } }))!;

    expect(first).toMatchObject({ _id: 'acme:7', _position: ms(2), startedAt: at(1), error: null });
    expect(first).not.toHaveProperty('present');
    expect(foldSyncRun(first, run(3, 4))).toMatchObject({ _position: ms(4), startedAt: at(3) });
    expect(foldSyncRun(first, run(0, 1))).toBeNull();
  });

  it('keeps the last success when a later failing run does not know it (tracker-sync restarted while the tracker is down)', () => {
    const ok = foldSyncRun(null, run(1, 2, { lastSuccessAt: at(1) }))!;
    const failure = { code: 'unreachable', status: null, statusText: null, message: 'down' };
    const failed = foldSyncRun(ok, run(3, 4, { lastSuccessAt: null, error: failure }))!;
    expect(failed).toMatchObject({ lastSuccessAt: at(1), error: failure, startedAt: at(3) });
    expect(foldSyncRun(failed, run(5, 6, { lastSuccessAt: at(5) }))).toMatchObject({ lastSuccessAt: at(5) });
  });

  it('marks what a run did not read, and was last seen before it started, as deleted then', () => {
    const docs = [
      foldSnapshot(null, project('1', 5)), // read by the run
      foldSnapshot(null, project('2', 5)), // vanished
      foldSnapshot(null, project('3', 12)), // published after the run started
      foldSnapshot(null, projectMessage({ tenant: 'acme', connectionId: 8, id: '4', syncedAt: at(5) })),
      foldSnapshot(null, projectMessage({ tenant: 'beta', connectionId: 7, id: '5', syncedAt: at(5) })),
      foldSnapshot(null, project('6', 5, { deleted: true })),
    ] as ReadDocument[];
    const finished = run(10, 11, { present: { projects: ['1'], boards: [], versions: [] } });

    expect(vanishedIn(finished, finished.present!.projects, docs)).toEqual([
      { ...docs[1], deleted: true, syncedAt: at(10), _position: ms(10) },
    ]);
    expect(vanishedIn(finished, ['1', '2'], docs)).toEqual([]);
  });
});
