import type { ConsoleLanguage } from '@fahrplan/contracts';
import type { Painter } from './pdf-document';
import { printTexts, tickNamer } from './print-texts';
import { PrintLimitError, fitText, layTimeline, papers, printMetrics } from './timeline-layout';
import type { TimelineContent, TimelineGhost } from './timeline-layout';
import { paintTimeline } from './timeline-paint';
import { aTimelineGroup, aTimelineMilestone, aTimelineTask } from './testing/timeline-rows';

const group = aTimelineGroup;
const task = aTimelineTask;
const milestone = aTimelineMilestone;

const content = (overrides: Partial<TimelineContent> = {}): TimelineContent => ({
  from: '2031-03-01',
  to: '2031-04-01',
  groups: [],
  items: [],
  summaries: [],
  ghosts: [],
  today: '2031-03-15',
  ...overrides,
});

/** n projects, each with `tracks` overlapping tasks and a milestone: 1 + tracks + 1 lines. */
const projects = (n: number, tracks: number) => {
  const groups = Array.from({ length: n }, (_, i) => group(i + 1));
  const items = groups.flatMap((g) => [
    ...Array.from({ length: tracks }, () => task(g.id, '2031-03-03', '2031-03-20')),
    milestone(g.id, '2031-03-24'),
  ]);
  return content({ groups, items });
};

const names = tickNamer(printTexts('en'));
const a4 = papers.a4;
const a3 = papers.a3;
const body = (height: number) =>
  height - 2 * printMetrics.margin - printMetrics.header - printMetrics.axis - printMetrics.footer;
const blockHeight = (lines: number) => lines * printMetrics.track + printMetrics.gap;

describe('layTimeline', () => {
  it('pages by projects: as many whole projects as the body holds, on A4 and on A3', () => {
    const shown = projects(20, 3);
    const perA4 = Math.floor((body(a4.height) + printMetrics.gap) / blockHeight(5));
    const perA3 = Math.floor((body(a3.height) + printMetrics.gap) / blockHeight(5));

    const onA4 = layTimeline(shown, a4, names, 200);
    const onA3 = layTimeline(shown, a3, names, 200);

    expect([perA4, perA3]).toEqual([6, 9]);
    expect(onA4.pages).toHaveLength(Math.ceil(20 / perA4));
    expect(onA3.pages).toHaveLength(Math.ceil(20 / perA3));
    for (const layout of [onA4, onA3]) {
      const pageOf = new Map<number, Set<number>>();
      layout.pages.forEach((page, n) =>
        page.lines.forEach((line) => pageOf.set(line.group, (pageOf.get(line.group) ?? new Set()).add(n))),
      );
      // no project's lines on two pages
      expect([...pageOf.values()].filter((pages) => pages.size > 1)).toEqual([]);
      // each page starts at the body's top and ends above its footer
      for (const page of layout.pages) {
        expect(page.lines[0]!.y).toBe(layout.bodyTop);
        expect(page.lines.at(-1)!.y + printMetrics.track).toBeLessThanOrEqual(
          layout.height - printMetrics.margin - printMetrics.footer,
        );
      }
    }
  });

  it('sizes the sheet and the time area from the paper', () => {
    const layout = layTimeline(projects(1, 1), a3, names, 200);

    expect([layout.width, layout.height]).toEqual([a3.width, a3.height]);
    expect(layout.timeX).toBe(printMetrics.margin + printMetrics.labels);
    expect(layout.timeWidth).toBeCloseTo(a3.width - 2 * printMetrics.margin - printMetrics.labels);
    // today, 14 days into a 31-day window
    expect(layout.todayX).toBeCloseTo(layout.timeX + (14 / 31) * layout.timeWidth);
  });

  it('splits a project taller than a page over the next pages, starting on a page of its own', () => {
    const tall = projects(2, 40);
    const layout = layTimeline(tall, a4, names, 200);
    const pagesOf = (g: number) =>
      layout.pages.flatMap((page, n) => (page.lines.some((line) => line.group === g) ? [n] : []));

    // 42 lines of 14 pt on a body of 459 pt: 32 lines, then 10 on the next page, where the second
    // project does not fit below them and starts a page of its own
    expect(pagesOf(1)).toEqual([0, 1]);
    expect(pagesOf(2)).toEqual([2, 3]);
    expect(layout.pages.flatMap((p) => p.lines)).toHaveLength(2 * 42);
  });

  it('refuses more pages than allowed with the limit named', () => {
    expect(() => layTimeline(projects(20, 3), a4, names, 3)).toThrow(new PrintLimitError('pages', 3));
  });

  it('lays one sheet as tall as its rows when the sheet has no height (the PNG)', () => {
    const layout = layTimeline(projects(20, 3), { width: a3.width, height: null }, names, 1);

    expect(layout.pages).toHaveLength(1);
    expect(layout.height).toBeCloseTo(
      layout.bodyTop + 20 * blockHeight(5) + printMetrics.footer + printMetrics.margin,
    );
  });

  it('stacks overlapping items in tracks and lets the next item reuse a track once it is free', () => {
    const items = [
      task(1, '2031-03-02', '2031-03-10', { title: 'A' }),
      task(1, '2031-03-05', '2031-03-12', { title: 'B' }),
      task(1, '2031-03-11', '2031-03-20', { title: 'C' }),
    ];
    const layout = layTimeline(content({ groups: [group(1)], items }), a4, names, 1);
    const lines = layout.pages[0]!.lines;

    expect(lines.map((l) => [l.kind, l.label, l.marks.map((m) => m.label)])).toEqual([
      ['project', 'Project 001', []],
      ['lane', 'Tasks', ['A', 'C']],
      ['lane', '', ['B']],
      ['lane', 'Milestones', []],
    ]);
  });

  it('clips bars to the window and draws milestones as points with their title beside', () => {
    const items = [
      task(1, '2031-02-01', '2031-05-01', { title: 'Long' }),
      milestone(1, '2031-03-16', 'Gate'),
    ];
    const layout = layTimeline(content({ groups: [group(1)], items }), a4, names, 1);
    const [bar] = layout.pages[0]!.lines[1]!.marks;
    const [diamond] = layout.pages[0]!.lines[2]!.marks;

    expect([bar!.x, bar!.x2]).toEqual([layout.timeX, layout.timeX + layout.timeWidth]);
    expect(diamond).toMatchObject({ kind: 'milestone', label: 'Gate' });
    expect(diamond!.x).toBe(diamond!.x2);
    expect(diamond!.labelX).toBeGreaterThan(diamond!.x);
  });

  it("draws a moved item's ghost under its bar, and a removed one on a track of its lane", () => {
    const moved = task(1, '2031-03-10', '2031-03-20', { title: 'Moved' });
    const ghosts: TimelineGhost[] = [
      {
        id: moved.id,
        group: 1,
        subgroup: 'tasks',
        title: 'Moved',
        start: '2031-03-05T00:00',
        end: '2031-03-12T00:00',
        removed: false,
      },
      {
        id: 999,
        group: 1,
        subgroup: 'milestones',
        title: 'Gone',
        start: '2031-03-08T00:00',
        end: null,
        removed: true,
      },
    ];
    const layout = layTimeline(content({ groups: [group(1)], items: [moved], ghosts }), a4, names, 1);
    const [, tasks, milestones] = layout.pages[0]!.lines;

    expect(tasks!.marks.map((m) => [m.kind, m.label])).toEqual([
      ['ghost', ''],
      ['task', 'Moved'],
    ]);
    expect(milestones!.marks.map((m) => [m.kind, m.label])).toEqual([['ghost-milestone', 'Gone']]);
  });

  it('puts a summary bar and its milestones on the title line in a wide window', () => {
    const summaries = [
      {
        group: 1,
        start: '2029-01-01T00:00',
        end: '2033-01-01T00:00',
        taskCount: 3,
        milestoneCount: 1,
        milestones: [{ id: 9, title: 'Gate', start: '2031-06-01T00:00' }],
      },
    ];
    const layout = layTimeline(
      content({ from: '2026-01-01', to: '2036-01-01', groups: [group(1)], summaries }),
      a4,
      names,
      1,
    );

    expect(layout.pages[0]!.lines[0]!.marks.map((m) => m.kind)).toEqual(['summary', 'milestone']);
  });

  it('chooses the axis unit by zoom: days in a month, years in a decade', () => {
    const month = layTimeline(projects(1, 1), a4, names, 1);
    const decade = layTimeline(
      content({ from: '2026-01-01', to: '2036-01-01', groups: [group(1)] }),
      a4,
      names,
      1,
    );

    expect(month.minor.map((t) => t.label).slice(0, 3)).toEqual(['1', '2', '3']);
    expect(month.major.map((t) => t.label)).toEqual(['Mar 2031']);
    expect(decade.minor[0]!.label).toBe('2026');
    expect(decade.major).toEqual([]);
  });

  it('names the months as a date in each language writes them, as the console does ("März", not "Mär")', () => {
    const months = (language: ConsoleLanguage) =>
      [2, 5, 8].map((m) => tickNamer(printTexts(language))(Date.UTC(2031, m, 1), 'month', false));

    expect(months('de-CH')).toEqual(['März', 'Juni', 'Sept']);
    expect(months('fr-CH')).toEqual(['mars', 'juin', 'sept']);
    expect(months('it-CH')).toEqual(['mar', 'giu', 'set']);
    expect(months('en')).toEqual(['Mar', 'Jun', 'Sep']);
  });
});

describe('paintTimeline', () => {
  const recorder = () => {
    const pages: string[][] = [[]];
    const painter: Painter = {
      rect: () => undefined,
      line: () => undefined,
      path: () => undefined,
      text: (text) => void pages.at(-1)!.push(text),
      newPage: () => void pages.push([]),
    };
    return { pages, painter };
  };

  it('repeats the title, the header and the axis at the top of every page, and numbers the pages', () => {
    const { pages, painter } = recorder();
    const layout = layTimeline(projects(20, 3), a4, names, 200);

    paintTimeline(painter, layout, {
      title: 'Timeline',
      lines: ['Window: 01.03.2031 – 31.03.2031'],
      pageLabel: (page, count) => `Page ${page} of ${count}`,
    });

    expect(pages).toHaveLength(4);
    pages.forEach((texts, n) => {
      expect(texts.slice(0, 3)).toEqual(['Timeline', 'Window: 01.03.2031 – 31.03.2031', 'Mar 2031']);
      expect(texts).toContain('15');
      expect(texts.at(-1)).toBe(`Page ${n + 1} of 4`);
    });
  });
});

describe('fitText', () => {
  it('keeps what fits and cuts the rest with an ellipsis', () => {
    const size = 10;
    const glyph = size * printMetrics.glyph;

    expect(fitText('Short', 10 * glyph, size)).toBe('Short');
    expect(fitText('A much longer title', 6 * glyph, size)).toBe('A muc…');
    expect(fitText('Anything', glyph, size)).toBe('');
  });
});
