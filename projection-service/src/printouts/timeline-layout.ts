import type {
  CalendarRules,
  TimelineGroup,
  TimelineItem,
  TimelineSummary,
  TimelineView,
} from '@fahrplan/contracts';
import { axisScale, ticksOf, toMs } from './print-axis';
import type { Tick, TickNamer } from './print-axis';

/** The papers a timeline prints on, landscape, in PostScript points (1/72 in). */
export const papers = { a4: { width: 841.89, height: 595.28 }, a3: { width: 1190.55, height: 841.89 } };
export type Paper = keyof typeof papers;
export const isPaper = (value: string): value is Paper => value in papers;

/** A sheet to lay the timeline on; a height of null is one sheet as tall as its rows (the PNG). */
export interface Sheet {
  readonly width: number;
  readonly height: number | null;
}

/** The printout's measures in points: the margins, the bands above and below the rows, a track. */
export const printMetrics = {
  margin: 24,
  /** The title, the window and filters, the date of export. */
  header: 46,
  /** Two rows of tick labels. */
  axis: 26,
  /** The page number. */
  footer: 16,
  /** The column of project and lane names. */
  labels: 160,
  /** One line of bars: a project's title line, or one track of a lane. */
  track: 14,
  bar: 9,
  /** Between two projects. */
  gap: 4,
  fontSize: 7,
  /** A generous average glyph width of the sans font, as a share of its size. */
  glyph: 0.56,
} as const;

/** A removed or moved item as it stood at a baseline (or on the live plan under a scenario). */
export interface TimelineGhost {
  readonly id: number;
  readonly group: number;
  readonly subgroup: string | null;
  readonly title: string;
  readonly start: string;
  readonly end: string | null;
  /** Whether the item is gone now: then it has a track of its own, else it is drawn under its bar. */
  readonly removed: boolean;
}

/** What the timeline shows, from the same query as the console's. */
export interface TimelineContent extends Pick<
  TimelineView,
  'from' | 'to' | 'groups' | 'items' | 'summaries'
> {
  readonly ghosts: readonly TimelineGhost[];
  /** Today (YYYY-MM-DD), for the today line. */
  readonly today: string;
  /** The working-day rules of each drawn project's calendar, by project id: a violation counts in them. */
  readonly calendars?: ReadonlyMap<number, CalendarRules>;
}

export type MarkKind = 'task' | 'milestone' | 'summary' | 'ghost' | 'ghost-milestone';

/** One mark on a line: a bar [x, x2), a milestone's diamond at x, with its label as it fits. */
export interface Mark {
  readonly kind: MarkKind;
  readonly x: number;
  readonly x2: number;
  readonly label: string;
  /** Where the label starts: inside a task's bar, beside a diamond. */
  readonly labelX: number;
  /** The item drawn, for its dependency arrows (a ghost or a summary draws none). */
  readonly item?: number;
}

/** A line of the printout: a project's title line, or one track of one of its lanes. */
export interface Line {
  readonly kind: 'project' | 'lane';
  readonly group: number;
  readonly y: number;
  readonly label: string;
  readonly marks: readonly Mark[];
}

export interface LaidPage {
  readonly lines: readonly Line[];
}

export interface TimelineLayout {
  readonly width: number;
  readonly height: number;
  /** The time area: from x to x + width. */
  readonly timeX: number;
  readonly timeWidth: number;
  /** The top of the axis band, the same on every page. */
  readonly axisY: number;
  readonly bodyTop: number;
  readonly minor: readonly Tick[];
  readonly major: readonly Tick[];
  readonly todayX: number | null;
  readonly pages: readonly LaidPage[];
}

/** A layout that would exceed what one printout may hold: the limit it broke. */
export class PrintLimitError extends Error {
  constructor(
    readonly limit: 'pages' | 'height',
    readonly max: number,
  ) {
    super(`the printout would need more than ${max} ${limit === 'pages' ? 'pages' : 'points of height'}`);
  }
}

/** `text` cut with an ellipsis to what `width` points hold at the printout's font size. */
export const fitText = (text: string, width: number, fontSize: number = printMetrics.fontSize): string => {
  const fits = Math.floor(width / (fontSize * printMetrics.glyph));
  if (text.length <= fits) return text;
  return fits <= 1 ? '' : `${text.slice(0, fits - 1)}…`;
};

const hiddenTypes = new Set(['background', 'lane-background']);

interface Placed {
  readonly start: number;
  readonly mark: Mark;
  /** The x up to which the mark and its label take room on the track. */
  readonly reach: number;
}

interface Block {
  readonly group: number;
  readonly lines: readonly Omit<Line, 'y'>[];
}

/**
 * The printout of `content` on `sheet`: the axis of the window over the time area, then one block of
 * lines per project (its title line, then a track per overlapping run of each lane's items), placed on
 * pages so that a project's lines stay on one page where they fit one (a taller project starts a page
 * and goes on over the next), the axis repeated at the top of every page.
 */
export const layTimeline = (
  content: TimelineContent,
  sheet: Sheet,
  name: TickNamer,
  maxPages: number,
): TimelineLayout => {
  const m = printMetrics;
  const start = toMs(content.from);
  const end = toMs(content.to);
  const timeX = m.margin + m.labels;
  const timeWidth = sheet.width - timeX - m.margin;
  const xOf = (ms: number) => timeX + ((ms - start) * timeWidth) / (end - start);
  const clipX = (ms: number) => Math.min(timeX + timeWidth, Math.max(timeX, xOf(ms)));
  const scale = axisScale(end - start, timeWidth);
  const axisY = m.margin + m.header;
  const bodyTop = axisY + m.axis;
  const today = toMs(content.today);
  const blocks = content.groups.map((group) => blockOf(group, content, clipX));
  const height =
    sheet.height ??
    bodyTop + blocks.reduce((sum, b) => sum + b.lines.length * m.track + m.gap, 0) + m.footer + m.margin;
  const pages = paginate(blocks, bodyTop, height - m.margin - m.footer, maxPages);
  return {
    width: sheet.width,
    height,
    timeX,
    timeWidth,
    axisY,
    bodyTop,
    minor: ticksOf(start, end, timeX, timeWidth, scale.unit, scale.step, name, false),
    major: scale.major ? ticksOf(start, end, timeX, timeWidth, scale.major, 1, name, true) : [],
    todayX: today >= start && today < end ? xOf(today) : null,
    pages,
  };
};

/** Places the blocks on pages of the body [top, bottom); a page more than `maxPages` is refused. */
const paginate = (blocks: readonly Block[], top: number, bottom: number, maxPages: number): LaidPage[] => {
  const m = printMetrics;
  const pages: Line[][] = [[]];
  let y = top;
  const newPage = () => {
    if (pages.length >= maxPages) throw new PrintLimitError('pages', maxPages);
    pages.push([]);
    y = top;
  };
  for (const block of blocks) {
    const height = block.lines.length * m.track;
    if (y > top && y + height > bottom) newPage();
    for (const line of block.lines) {
      if (y + m.track > bottom && y > top) newPage();
      pages.at(-1)!.push({ ...line, y });
      y += m.track;
    }
    y += m.gap;
  }
  return pages.map((lines) => ({ lines }));
};

/** A project's lines: its title line (with its summary in a wide window), then the tracks of its lanes. */
const blockOf = (group: TimelineGroup, content: TimelineContent, clipX: (ms: number) => number): Block => {
  const m = printMetrics;
  const summary = content.summaries.find((s) => s.group === group.id);
  const titleMarks = summary ? summaryMarks(summary, clipX) : [];
  const title = {
    kind: 'project' as const,
    group: group.id,
    label: fitText(group.content, m.labels - 4, m.fontSize + 1),
    marks: titleMarks,
  };
  const items = content.items.filter(
    (item) => item.group === group.id && !(item.type !== null && hiddenTypes.has(item.type)),
  );
  const ghosts = content.ghosts.filter((ghost) => ghost.group === group.id);
  const lanes = group.subgroups.flatMap((lane, index) => {
    const inLane = (subgroup: string | null) =>
      subgroup === lane.id || (index === 0 && !group.subgroups.some((s) => s.id === subgroup));
    const tracks = tracksOf(
      items.filter((item) => inLane(item.subgroup)),
      ghosts.filter((ghost) => ghost.removed && inLane(ghost.subgroup)),
      clipX,
    );
    const underBars = new Map(ghosts.filter((g) => !g.removed).map((g) => [g.id, g]));
    return tracks.map((track, i) => ({
      kind: 'lane' as const,
      group: group.id,
      label: i === 0 ? fitText(lane.name, m.labels - 14) : '',
      marks: withGhosts(track, underBars, clipX),
    }));
  });
  return { group: group.id, lines: [title, ...lanes] };
};

const summaryMarks = (summary: TimelineSummary, clipX: (ms: number) => number): Mark[] => {
  const x = clipX(toMs(summary.start));
  const x2 = Math.max(x + 1, clipX(toMs(summary.end)));
  return [
    { kind: 'summary', x, x2, label: '', labelX: x },
    ...summary.milestones.map((milestone) => {
      const at = clipX(toMs(milestone.start));
      return { kind: 'milestone' as const, x: at, x2: at, label: '', labelX: at };
    }),
  ];
};

interface Drawn {
  readonly id: number | null;
  readonly mark: Mark;
}

/** The marks of a lane in tracks: each in the first track where it and its label meet nothing. */
const tracksOf = (
  items: readonly TimelineItem[],
  removed: readonly TimelineGhost[],
  clipX: (ms: number) => number,
): Drawn[][] => {
  const m = printMetrics;
  const placed = [
    ...items.map((item) => ({ id: item.id, ...markOf(item, false, clipX) })),
    ...removed.map((ghost) => ({ id: null, ...markOf(ghost, true, clipX) })),
  ].sort((a, b) => a.start - b.start || a.mark.x - b.mark.x);
  const tracks: { reach: number; drawn: Drawn[] }[] = [];
  for (const { id, mark, reach } of placed) {
    const track = tracks.find((t) => t.reach <= mark.x - (mark.kind === 'task' ? 0 : m.bar / 2));
    if (track) {
      track.drawn.push({ id, mark });
      track.reach = reach;
    } else tracks.push({ reach, drawn: [{ id, mark }] });
  }
  return tracks.length === 0 ? [[]] : tracks.map((t) => t.drawn);
};

/** A task's bar with its title inside as far as it fits, or a milestone's diamond with its title beside. */
const markOf = (
  item: Pick<TimelineItem, 'title' | 'start' | 'end'>,
  ghost: boolean,
  clipX: (ms: number) => number,
): Placed => {
  const m = printMetrics;
  const start = toMs(item.start);
  const x = clipX(start);
  if (item.end === null) {
    const label = fitText(item.title, 120);
    const labelX = x + m.bar / 2 + 2;
    const reach = labelX + label.length * m.fontSize * m.glyph + 4;
    return { start, mark: { kind: ghost ? 'ghost-milestone' : 'milestone', x, x2: x, label, labelX }, reach };
  }
  const x2 = Math.max(x + 1, clipX(toMs(item.end)));
  const label = fitText(item.title, x2 - x - 4);
  return { start, mark: { kind: ghost ? 'ghost' : 'task', x, x2, label, labelX: x + 2 }, reach: x2 + 1 };
};

/** A track's marks, each moved item's ghost first (drawn under its bar), without a label. */
const withGhosts = (
  track: readonly Drawn[],
  ghosts: ReadonlyMap<number, TimelineGhost>,
  clipX: (ms: number) => number,
): Mark[] =>
  track.flatMap(({ id, mark }) => {
    const drawn = id === null ? mark : { ...mark, item: id };
    const ghost = id === null ? undefined : ghosts.get(id);
    if (!ghost) return [drawn];
    const { mark: under } = markOf(ghost, true, clipX);
    return [{ ...under, label: '' }, drawn];
  });
