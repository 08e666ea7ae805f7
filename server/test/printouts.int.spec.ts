import { allPermissions } from '@fahrplan/contracts';
import { adminApi, clockedRun } from './support/admin-api';
import type { CommandReply } from './support/admin-api';
import { TestClock, aTask, startPlatform, uniqueName } from '../src/testing/platform';
import type { Platform } from '../src/testing/platform';

let platform: Platform;
const clock = new TestClock();
// a PDF is rendered and read back by pdf.js: on a shared 2-core machine that takes seconds
jest.setTimeout(60_000);

beforeAll(async () => {
  platform = await startPlatform(clock);
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

const { run, read, userWith } = adminApi(() => platform);

/** A binary answer as it came: status, content type and bytes. */
const download = async (path: string, token = platform.admin, after = 0) => {
  const response = await fetch(`${platform.api.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'x-fahrplan-after': String(after) },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type') ?? '', bytes, response };
};

/** The text runs of each page of a PDF, as a reader extracts them (pdf.js). */
const pdfRuns = async (bytes: Buffer): Promise<string[][]> => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[][] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).filter(Boolean));
  }
  return pages;
};

/** The stroke colours (#rrggbb) a PDF's first page sets, as pdf.js reads its operators. */
const strokeColours = async (bytes: Buffer): Promise<Set<string>> => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const { fnArray, argsArray } = await (await pdf.getPage(1)).getOperatorList();
  return new Set(
    fnArray.flatMap((fn, i) => (fn === pdfjs.OPS.setStrokeRGBColor ? [String(argsArray[i][0])] : [])),
  );
};

/** The text of each page of a PDF, its runs a line each. */
const pdfPages = async (bytes: Buffer): Promise<string[]> =>
  (await pdfRuns(bytes)).map((runs) => runs.join('\n'));

/**
 * Twenty projects in March 2031, each with three overlapping tasks (three tracks of its tasks lane) and
 * a milestone: a block of five lines, 74 pt. A4's body holds 459 pt (six blocks), A3's 706 pt (nine).
 */
const planned: { id: number; title: string; tasks: string[] }[] = [];
let last: CommandReply;

const window = 'from=2031-03-01&to=2031-04-01';
const only = () => `group=${planned.map((p) => p.id).join(',')}`;

beforeAll(async () => {
  for (let n = 0; n < 20; n++) {
    // the rows come by title: these in the order made
    const title = `${String(n).padStart(2, '0')} ${uniqueName('Steering')}`;
    const project = await run('SaveGroup', { title, start: '2031-03-02', end: '2031-03-28' });
    const tasks = [uniqueName('Build'), uniqueName('Test'), uniqueName('Roll')];
    for (const task of tasks)
      await run(
        'SaveItem',
        aTask(project.id, { title: task, start: '2031-03-03T00:00', end: '2031-03-20T00:00' }),
      );
    last = await run('SaveItem', {
      title: uniqueName('Go-live'),
      group: project.id,
      subgroup: 'milestones',
      start: '2031-03-24T00:00',
      end: null,
    });
    planned.push({ id: project.id, title, tasks });
  }
}, 120_000);

describe('GET /api/exports/timeline.pdf', () => {
  it('draws every project of the window with its text as text, the axis and title on every page (A4: 4 pages)', async () => {
    const { status, type, bytes, response } = await download(
      `/api/exports/timeline.pdf?${window}&${only()}&paper=a4&lang=de-CH`,
      platform.admin,
      last.position,
    );

    expect({ status, type }).toEqual({ status: 200, type: 'application/pdf' });
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="timeline-.*\.pdf"$/);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const runs = await pdfRuns(bytes);
    const pages = runs.map((page) => page.join('\n'));
    expect(pages).toHaveLength(4);
    for (const [n, text] of pages.entries()) {
      expect(text).toContain('Zeitachse');
      expect(text).toContain('März 2031');
      expect(text).toContain('Zeitraum: 01.03.2031 – 31.03.2031');
      expect(text).toContain(`Seite ${n + 1} von 4`);
    }
    // each project's title line once (the header names them all as the filter), on one page with all
    // of its tasks: six blocks a page
    for (const [i, project] of planned.entries()) {
      const holding = runs.flatMap((page, n) => (page.includes(project.title) ? [n] : []));
      expect({ project: i, holding }).toEqual({ project: i, holding: [Math.floor(i / 6)] });
      for (const task of project.tasks) expect(pages[holding[0]!]).toContain(task);
    }
  });

  it('fits more projects on A3 (3 pages), and speaks the language asked for', async () => {
    const { status, bytes } = await download(
      `/api/exports/timeline.pdf?${window}&${only()}&paper=a3&lang=fr-CH`,
      platform.admin,
      last.position,
    );

    expect(status).toBe(200);
    const pages = await pdfRuns(bytes);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Chronologie');
    expect(pages[2]).toContain('Page 3 sur 3');
    // nine blocks a page
    expect(pages[0]).toContain(planned[8]!.title);
    expect(pages[1]).toContain(planned[9]!.title);
    expect(pages[1]).not.toContain(planned[8]!.title);
  });

  it('names the filters in the title and shows only the filtered projects', async () => {
    const [first, second] = planned;
    const { bytes } = await download(
      `/api/exports/timeline.pdf?${window}&group=${first!.id},${second!.id}&lang=en`,
      platform.admin,
      last.position,
    );

    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain(`Projects: ${first!.title}, ${second!.title}`);
    expect(pages[0]).toContain('Mar 2031');
    expect(pages[0]).not.toContain(planned[2]!.title);
    expect(pages[0]).toMatch(/Exported on \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  });

  it('summarises a wide window per project, as the console does at that zoom', async () => {
    const { status, bytes } = await download(
      `/api/exports/timeline.pdf?from=2026-01-01&to=2036-01-01&${only()}&lang=en`,
      platform.admin,
      last.position,
    );

    expect(status).toBe(200);
    const text = (await pdfPages(bytes)).join('\n');
    expect(text).toContain(planned[0]!.title);
    expect(text).toContain('2031');
    // a summary bar has no item titles
    expect(text).not.toContain(planned[0]!.tasks[0]);
  });

  it('draws a violated dependency red between two items of the page, and no such arrow once it is removed', async () => {
    const project = await run('SaveGroup', {
      title: uniqueName('Arrows'),
      start: '2031-03-02',
      end: '2031-03-28',
    });
    const task = (title: string, start: string, end: string) =>
      run('SaveItem', aTask(project.id, { title, start: `${start}T00:00`, end: `${end}T00:00` }));
    const design = await task(uniqueName('Design'), '2031-03-03', '2031-03-14');
    const build = await task(uniqueName('Build'), '2031-03-05', '2031-03-20');
    const printed = async (after: number) =>
      strokeColours(
        (
          await download(
            `/api/exports/timeline.pdf?${window}&group=${project.id}&lang=en`,
            platform.admin,
            after,
          )
        ).bytes,
      );
    const violatedRed = '#c92a2a';
    expect(await printed(build.position)).not.toContain(violatedRed);

    // Build starts seven working days before Design ends
    const dependency = await run('AddDependency', { predecessor: design.id, successor: build.id });
    expect(await printed(dependency.position)).toContain(violatedRed);

    const removed = await run('RemoveDependency', { id: dependency.id, version: dependency.version });
    expect(await printed(removed.position)).not.toContain(violatedRed);
  });

  it('refuses a bad paper, language or window with 400 naming it', async () => {
    const cases = [
      [`${window}&paper=a5`, 'paper'],
      [`${window}&lang=xx`, 'lang'],
      ['from=2031-04-01&to=2031-03-01', 'to'],
      ['from=2000-01-01&to=2040-01-01', 'to'],
    ] as const;
    for (const [query, field] of cases) {
      const reply = await platform.api.get(`/api/exports/timeline.pdf?${query}`, platform.admin);
      expect({ query, status: reply.status, field: reply.body.errors?.[0]?.field }).toEqual({
        query,
        status: 400,
        field,
      });
    }
  });

  it('needs items VIEW (403) and a token (401)', async () => {
    const noItems = await userWith({ ...allPermissions, items: [] });

    expect((await platform.api.get(`/api/exports/timeline.pdf?${window}`, noItems)).status).toBe(403);
    expect((await platform.api.get(`/api/exports/timeline.png?${window}`, noItems)).status).toBe(403);
    expect((await platform.api.get(`/api/exports/timeline.pdf?${window}`)).status).toBe(401);
  });

  it("never shows another tenant's projects, even when asked for by id", async () => {
    const theirs = await platform.api.command(
      'SaveGroup',
      { title: uniqueName('Secret'), start: '2031-03-02', end: '2031-03-28' },
      platform.otherAdmin,
    );
    const mine = planned[0]!;
    const { status, bytes } = await download(
      `/api/exports/timeline.pdf?${window}&group=${mine.id},${theirs.body.id}&lang=en`,
      platform.admin,
      theirs.body.position,
    );

    expect(status).toBe(200);
    const text = (await pdfPages(bytes)).join('\n');
    expect(text).toContain(mine.title);
    expect(text).not.toContain('Secret');
    expect(text).toContain(`#${theirs.body.id}`);
  });
});

describe('GET /api/exports/timeline.pdf with a baseline shown', () => {
  it("draws the baseline's ghosts (a removed item where it stood) and names the baseline", async () => {
    const clocked = clockedRun(run, clock);
    const project = await clocked('SaveGroup', {
      title: uniqueName('Baselined'),
      start: '2031-03-02',
      end: '2031-03-28',
    });
    const dropped = uniqueName('Dropped');
    const gone = await clocked('SaveItem', aTask(project.id, { title: dropped }));
    const name = uniqueName('Q1 commitment');
    const baseline = await clocked('CreateBaseline', { name });
    const deleted = await clocked('DeleteItem', { id: gone.id, version: 0 });
    const path = `/api/exports/timeline.pdf?${window}&group=${project.id}&lang=en`;

    const withBaseline = await download(`${path}&baseline=${baseline.id}`, platform.admin, deleted.position);
    const without = await download(path, platform.admin, deleted.position);

    expect([withBaseline.status, without.status]).toEqual([200, 200]);
    const [shown] = await pdfPages(withBaseline.bytes);
    expect(shown).toContain(`Baseline: ${name}`);
    expect(shown).toContain(dropped);
    expect((await pdfPages(without.bytes))[0]).not.toContain(dropped);
  });

  it('needs history VIEW for a baseline, and answers 404 for an unknown one', async () => {
    const baseline = await run('CreateBaseline', { name: uniqueName('Looked at') });
    const noHistory = await userWith({ ...allPermissions, history: [] });
    const path = `/api/exports/timeline.pdf?${window}&baseline=${baseline.id}`;

    expect((await platform.api.get(path, noHistory)).status).toBe(403);
    expect(
      (await platform.api.get(`${path.replace(String(baseline.id), '99999999')}`, platform.admin)).status,
    ).toBe(404);
  });
});

describe('GET /api/exports/timeline.png', () => {
  it('is a PNG as wide as A3 landscape at 2 px a point, as tall as its rows', async () => {
    const { status, type, bytes } = await download(
      `/api/exports/timeline.png?${window}&${only()}&lang=en`,
      platform.admin,
      last.position,
    );

    expect({ status, type }).toEqual({ status: 200, type: 'image/png' });
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.subarray(12, 16).toString()).toBe('IHDR');
    const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    expect(width).toBe(2381);
    // 20 blocks of 74 pt and the bands above and below, at 2 px a point
    expect(height).toBeGreaterThan(2 * 20 * 74);
    expect(height).toBeLessThan(2 * (20 * 74 + 200));
  });
});

describe('GET /api/exports/projects/:id/summary.pdf', () => {
  it("shows the project's title, key figures, goals, budget and milestones as text on one page", async () => {
    const title = uniqueName('Summary');
    const project = await run('SaveGroup', {
      title,
      projectNr: uniqueName('P'),
      start: '2031-01-05',
      end: '2031-07-01',
      metrics: [{ type: 'WICHTIGKEIT', value: 3 }],
    });
    const account = await run('CreateAccount', { refType: 'group', refId: project.id });
    await run('AddAccountEntries', {
      accountId: account.id,
      entries: [{ sicht: 'Budget', periode: '2031', amount: 125000.5 }],
    });
    await run('SaveGroup', { id: project.id, version: project.version, account: account.id });
    const strategy = await run('CreateGoal', { name: uniqueName('Strategy') });
    const efficiency = await run('CreateGoal', { name: uniqueName('Efficiency'), parent: strategy.id });
    await run('SetGroupGoals', { id: project.id, goals: [{ goalId: efficiency.id, value: 4 }] });
    const milestone = uniqueName('Kick-off');
    const done = await run('SaveItem', {
      title: milestone,
      group: project.id,
      subgroup: 'milestones',
      start: '2031-02-02T00:00',
      end: null,
    });

    const { status, type, bytes } = await download(
      `/api/exports/projects/${project.id}/summary.pdf?lang=de-CH`,
      platform.admin,
      done.position,
    );

    expect({ status, type }).toEqual({ status: 200, type: 'application/pdf' });
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(1);
    const [text] = pages;
    for (const expected of [
      title,
      'Projektübersicht',
      'Kennzahlen',
      'Priorität',
      'Strategische Ziele',
      'Meilensteine',
      milestone,
      '02.02.2031',
      '05.01.2031',
      '30.06.2031',
      "CHF 125'000.50",
    ])
      expect({ expected, found: text!.includes(expected) }).toEqual({ expected, found: true });
    expect(text).toMatch(/Efficiency \S+:\s*4/);
  });

  it("answers 404 for another tenant's project and 403 without group-details VIEW", async () => {
    const theirs = await platform.api.command(
      'SaveGroup',
      { title: uniqueName('Theirs') },
      platform.otherAdmin,
    );
    const mine = planned[0]!;
    const noDetails = await userWith({ ...allPermissions, 'group-details': [] });

    expect(
      (await read(`/api/exports/projects/${theirs.body.id}/summary.pdf`, theirs.body.position)).status,
    ).toBe(404);
    expect((await platform.api.get(`/api/exports/projects/${mine.id}/summary.pdf`, noDetails)).status).toBe(
      403,
    );
    expect((await platform.api.get('/api/exports/projects/x1/summary.pdf', platform.admin)).status).toBe(404);
  });
});
