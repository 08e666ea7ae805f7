import type { TimelineView } from '@fahrplan/contracts';
import { encodeCursor } from '../http/paging';
import type { PageRequest } from '../http/paging';
import { printLanguage } from './print-texts';
import { RenderLock } from './render-lock';
import { aTimelineGroup } from './testing/timeline-rows';
import { exportStamp, maxPrintRows, readWholeTimeline, swissToday } from './timeline-printout';

/** A timeline of `total` rows answered `perPage` at a time, counting the pages asked for. */
const pagedTimeline = (total: number, perPage: number) => {
  const asked: PageRequest[] = [];
  const read = async (page: PageRequest): Promise<TimelineView> => {
    asked.push(page);
    const start = page.after === null ? 0 : Number(page.after[0]);
    const end = Math.min(total, start + Math.min(perPage, page.limit));
    const groups = Array.from({ length: end - start }, (_, i) => aTimelineGroup(start + i + 1));
    return {
      from: '2031-03-01',
      to: '2031-04-01',
      detail: 'items',
      groups,
      items: [],
      summaries: [],
      itemCount: 0,
      nextCursor: end < total ? encodeCursor([end, 'x']) : null,
    };
  };
  return { asked, read };
};

describe('readWholeTimeline', () => {
  it('reads every page of rows, in order', async () => {
    const { asked, read } = pagedTimeline(2_500 - 600, 1_000);

    const view = await readWholeTimeline(read);

    expect(view.groups.map((g) => g.id)).toEqual(Array.from({ length: 1_900 }, (_, i) => i + 1));
    expect(asked.map((p) => p.limit)).toEqual([1_000, 1_000]);
    expect(view.nextCursor).toBeNull();
  });

  it('refuses more than the limit of projects with 400 naming it, reading no further than one row past it', async () => {
    const { asked, read } = pagedTimeline(10_000, 1_000);

    await expect(readWholeTimeline(read)).rejects.toMatchObject({
      code: 'validation',
      message: expect.stringContaining(`at most ${maxPrintRows} projects`),
    });
    expect(asked.reduce((sum, p) => sum + p.limit, 0)).toBe(maxPrintRows + 1);
  });
});

describe('RenderLock', () => {
  it('lets one render per user run at a time, and the next after it ended', async () => {
    const lock = new RenderLock();
    let finish!: () => void;
    const first = lock.run(
      'acme/1',
      () => new Promise<string>((resolve) => (finish = () => resolve('first'))),
    );

    await expect(lock.run('acme/1', async () => 'second')).rejects.toMatchObject({
      problem: { status: 429 },
    });
    await expect(lock.run('acme/2', async () => 'other user')).resolves.toBe('other user');
    finish();
    await expect(first).resolves.toBe('first');
    await expect(lock.run('acme/1', async () => 'again')).resolves.toBe('again');
  });
});

describe('printLanguage', () => {
  it('takes lang, else the first of Accept-Language the console speaks, else German', () => {
    expect(printLanguage('it-CH', 'fr-CH')).toBe('it-CH');
    expect(printLanguage(undefined, 'es;q=1, fr-FR;q=0.8, en')).toBe('fr-CH');
    expect(printLanguage(undefined, undefined)).toBe('de-CH');
    expect(() => printLanguage('xx', undefined)).toThrow('lang must be de-CH, fr-CH, it-CH or en');
  });
});

describe('exportStamp and swissToday', () => {
  it('write the instant in Swiss time', () => {
    const lateEvening = new Date('2031-03-31T22:30:00Z');

    expect(exportStamp(lateEvening)).toBe('01.04.2031 00:30');
    expect(swissToday(lateEvening)).toBe('2031-04-01');
  });
});
