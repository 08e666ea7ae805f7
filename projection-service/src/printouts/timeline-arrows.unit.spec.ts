import { bernDefinition, calendarRules } from '@fahrplan/contracts';
import type { DependencyType, TimelineItem } from '@fahrplan/contracts';
import { swissHolidays } from '@fahrplan/platform';
import { printColours } from './pdf-document';
import { printTexts, tickNamer } from './print-texts';
import { svgPainter } from './svg-image';
import { arrowsOfLayout, isViolated, printArrowPath } from './timeline-arrows';
import { layTimeline, papers, printMetrics } from './timeline-layout';
import type { TimelineContent } from './timeline-layout';
import { paintTimeline } from './timeline-paint';
import { aTimelineGroup, aTimelineMilestone, aTimelineTask } from './testing/timeline-rows';

const names = tickNamer(printTexts('en'));
const header = { title: 'Timeline', lines: [], pageLabel: () => '' };

const content = (items: TimelineItem[], groups = [aTimelineGroup(1)]): TimelineContent => ({
  from: '2031-03-01',
  to: '2031-04-01',
  groups,
  items,
  summaries: [],
  ghosts: [],
  today: '2031-05-01',
});

/** `successor` depends on `predecessor` (both sides of the link, as the timeline's query answers). */
const linked = (
  predecessor: TimelineItem,
  successor: TimelineItem,
  type: DependencyType = 'finish-to-start',
  lag = 0,
): [TimelineItem, TimelineItem] => [
  { ...predecessor, successors: [{ id: 900, item: successor.id, type, lag, version: 0 }] },
  { ...successor, predecessors: [{ id: 900, item: predecessor.id, type, lag, version: 0 }] },
];

/** The SVG elements of the printout of `shown` on one sheet. */
const svgOfPrintout = (shown: TimelineContent) => {
  const layout = layTimeline(shown, { width: papers.a3.width, height: null }, names, 1);
  const painter = svgPainter();
  paintTimeline(painter, layout, header, arrowsOfLayout(layout, shown.items, shown.calendars));
  return painter.elements;
};

const arrowPaths = (elements: readonly string[]) =>
  elements.filter((e) => e.startsWith('<path') && !e.includes(printColours.milestone));

describe('the dependency arrows of a printout', () => {
  it('draws a finish-to-start arrow from the predecessor’s end to the successor’s start, dimmed when it holds', () => {
    const [design, build] = linked(
      aTimelineTask(1, '2031-03-03', '2031-03-08'),
      aTimelineTask(1, '2031-03-10', '2031-03-15'),
    );
    const layout = layTimeline(content([design, build]), papers.a4, names, 10);

    const [arrows] = arrowsOfLayout(layout, [design, build]);

    const marks = layout.pages[0]!.lines.flatMap((line) => line.marks.map((mark) => ({ line, mark })));
    const designBar = marks.find((m) => m.mark.item === design.id)!;
    const buildBar = marks.find((m) => m.mark.item === build.id)!;
    expect(arrows).toEqual([
      {
        id: 900,
        type: 'finish-to-start',
        from: { x: designBar.mark.x2, y: designBar.line.y + printMetrics.track / 2 },
        to: { x: buildBar.mark.x, y: buildBar.line.y + printMetrics.track / 2 },
        violated: false,
      },
    ]);
    const paths = arrowPaths(svgOfPrintout(content([design, build])));
    expect(paths).toHaveLength(2);
    expect(paths.every((p) => p.includes(printColours.dimmed))).toBe(true);
  });

  it('draws a start-to-start arrow from the predecessor’s start, and meets a milestone at its side', () => {
    const [design, gate] = linked(
      aTimelineTask(1, '2031-03-03', '2031-03-08'),
      aTimelineMilestone(1, '2031-03-20'),
      'start-to-start',
    );
    const layout = layTimeline(content([design, gate]), papers.a4, names, 10);

    const [arrow] = arrowsOfLayout(layout, [design, gate])[0]!;

    const marks = layout.pages[0]!.lines.flatMap((line) => line.marks);
    expect(arrow!.from.x).toBe(marks.find((m) => m.item === design.id)!.x);
    expect(arrow!.to.x).toBe(marks.find((m) => m.item === gate.id)!.x - printMetrics.bar / 2);
  });

  it('draws a violated dependency red: the successor starts working days before its predecessor ends', () => {
    const [design, build] = linked(
      aTimelineTask(1, '2031-03-03', '2031-03-14'),
      aTimelineTask(1, '2031-03-05', '2031-03-20'),
    );

    const paths = arrowPaths(svgOfPrintout(content([design, build])));

    expect(paths).toHaveLength(2);
    expect(paths.every((p) => p.includes(printColours.violated))).toBe(true);
  });

  it('counts a violation in the working days of the successor’s project’s calendar, not Bern’s (issue 24)', () => {
    // the successor's project closes on Tuesday 11 March: starting then loses no working day there
    const closed = calendarRules(
      [
        {
          effectiveFrom: null,
          definition: {
            ...bernDefinition,
            companyDays: [{ date: '2031-03-11', kind: 'closed', yearly: false, name: 'Inventur' }],
          },
        },
      ],
      swissHolidays,
    );
    const [design, build] = linked(
      aTimelineTask(1, '2031-03-03', '2031-03-12'),
      aTimelineTask(2, '2031-03-11', '2031-03-20'),
    );
    const groups = [aTimelineGroup(1), aTimelineGroup(2)];
    const onBern = content([design, build], groups);

    expect(arrowPaths(svgOfPrintout(onBern)).every((p) => p.includes(printColours.violated))).toBe(true);
    const onOwn = { ...onBern, calendars: new Map([[2, closed]]) };
    const paths = arrowPaths(svgOfPrintout(onOwn));
    expect(paths).toHaveLength(2);
    expect(paths.some((p) => p.includes(printColours.violated))).toBe(false);
  });

  it('draws no arrow where there is no dependency, nor one whose other end is not printed', () => {
    const design = aTimelineTask(1, '2031-03-03', '2031-03-08');
    const build = aTimelineTask(1, '2031-03-10', '2031-03-15');
    const [linkedDesign] = linked(design, build);

    expect(arrowPaths(svgOfPrintout(content([design, build])))).toEqual([]);
    // the successor is filtered out of the printout (or outside its window)
    expect(arrowPaths(svgOfPrintout(content([linkedDesign])))).toEqual([]);
  });

  it('draws an arrow only where both items are on the page, not across pages', () => {
    const groups = Array.from({ length: 40 }, (_, i) => aTimelineGroup(i + 1));
    const filler = groups.map((g) => aTimelineTask(g.id, '2031-03-03', '2031-03-08'));
    const [first, last] = linked(
      aTimelineTask(1, '2031-03-10', '2031-03-12'),
      aTimelineTask(40, '2031-03-17', '2031-03-19'),
    );
    const [near, nearSuccessor] = linked(
      aTimelineTask(2, '2031-03-10', '2031-03-12'),
      aTimelineTask(3, '2031-03-17', '2031-03-19'),
    );
    const items = [...filler, first, last, near, nearSuccessor];
    const layout = layTimeline(content(items, groups), papers.a4, names, 10);

    const arrows = arrowsOfLayout(layout, items);

    expect(layout.pages.length).toBeGreaterThan(1);
    expect(arrows.flat()).toHaveLength(1);
    expect(arrows[0]).toHaveLength(1);
  });
});

describe('isViolated', () => {
  const design = aTimelineTask(1, '2031-03-03', '2031-03-08');

  it('holds when the successor starts on or after the first working day allowed, or on a weekend just before it', () => {
    expect(isViolated({ type: 'finish-to-start', lag: 0 }, design, { start: '2031-03-10T00:00' })).toBe(
      false,
    );
    expect(isViolated({ type: 'finish-to-start', lag: 0 }, design, { start: '2031-03-09T00:00' })).toBe(
      false,
    );
    expect(isViolated({ type: 'finish-to-start', lag: 0 }, design, { start: '2031-03-06T00:00' })).toBe(true);
    expect(isViolated({ type: 'start-to-start', lag: 0 }, design, { start: '2031-03-03T00:00' })).toBe(false);
    expect(isViolated({ type: 'start-to-start', lag: 2 }, design, { start: '2031-03-04T00:00' })).toBe(true);
  });
});

describe('printArrowPath', () => {
  it('turns down to the successor’s line, or back between the lines when the successor starts too soon', () => {
    expect(printArrowPath({ from: { x: 10, y: 5 }, to: { x: 40, y: 19 } })).toBe('M10,5 L15,5 L15,19 L40,19');
    expect(printArrowPath({ from: { x: 40, y: 5 }, to: { x: 10, y: 19 } })).toBe(
      'M40,5 L45,5 L45,12 L5,12 L5,19 L10,19',
    );
  });
});
