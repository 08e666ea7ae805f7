import { printColours as c, diamondPath, sectorPath } from './pdf-document';
import type { Painter } from './pdf-document';
import type { SunburstArc } from './goal-sunburst';
import { dayMs, toMs } from './print-axis';
import type { PrintTexts } from './print-texts';
import { uiDate } from './print-texts';
import { fitText } from './timeline-layout';

/** A4 portrait, in points. */
export const summarySheet = { width: 595.28, height: 841.89 } as const;

/** The milestones the page lists at most; the rest are counted ("… and 4 more"). */
export const summaryMilestones = 18;

/** The sunburst's colours, one per top goal (its subgoals lighter). */
const branchColours = [
  '#1c7ed6',
  '#e8590c',
  '#2f9e44',
  '#ae3ec9',
  '#f08c00',
  '#0c8599',
  '#c2255c',
  '#5c940d',
];

/** `hex` (#rrggbb) mixed with white, `share` of white (0: itself): a subgoal's lighter colour. */
export const tint = (hex: string, share: number): string =>
  `#${[1, 3, 5]
    .map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - share) + 255 * share))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;

const arcColour = (arc: SunburstArc) =>
  tint(branchColours[arc.branch % branchColours.length]!, Math.min(0.7, arc.depth * 0.22));

export interface SummaryMilestone {
  readonly title: string;
  /** YYYY-MM-DDTHH:mm */
  readonly start: string;
}

/** What a project's summary page shows. */
export interface ProjectSummary {
  readonly title: string;
  /** The date of export, written out. */
  readonly exported: string;
  readonly figures: readonly (readonly [string, string])[];
  readonly priority: number;
  readonly arcs: readonly SunburstArc[];
  /** The milestones by date; `more` those beyond `summaryMilestones`. */
  readonly milestones: readonly SummaryMilestone[];
  readonly more: number;
  /** The project's own dates, the mini timeline's span where they are set. */
  readonly start: string | null;
  readonly end: string | null;
}

const margin = 40;

/** Paints the one page: title, key figures and priority, the goals' sunburst, milestones. */
export const paintSummary = (painter: Painter, summary: ProjectSummary, { say }: PrintTexts): void => {
  const width = summarySheet.width - 2 * margin;
  painter.text(fitText(summary.title, width, 18), margin, margin, 18, { bold: true });
  painter.text(`${say('summary')} · ${say('exported')} ${summary.exported}`, margin, margin + 26, 8, {
    colour: c.dimmed,
  });
  let y = margin + 56;
  painter.text(say('keyFigures'), margin, y, 11, { bold: true });
  y += 18;
  for (const [label, value] of summary.figures) {
    painter.text(label, margin, y, 8.5, { colour: c.dimmed });
    painter.text(fitText(value, 150, 8.5), margin + 90, y, 8.5);
    y += 13;
  }
  y += 6;
  painter.text(say('priority'), margin, y, 8.5, { colour: c.dimmed });
  painter.text(String(summary.priority), margin + 90, y - 4, 16, { bold: true });
  const sunburstTop = margin + 56;
  paintSunburst(painter, summary.arcs, margin + 230, sunburstTop, say);
  const milestonesTop = Math.max(y + 40, sunburstTop + 290);
  paintMilestones(painter, summary, milestonesTop, say);
};

const paintSunburst = (
  painter: Painter,
  arcs: readonly SunburstArc[],
  left: number,
  top: number,
  say: PrintTexts['say'],
) => {
  painter.text(say('goals'), left, top, 11, { bold: true });
  if (arcs.length === 0) {
    painter.text(say('noGoals'), left, top + 20, 8.5, { colour: c.dimmed });
    return;
  }
  const rings = Math.min(4, Math.max(...arcs.map((a) => a.depth)) + 1);
  const outer = 70;
  const hole = 18;
  const ring = (outer - hole) / rings;
  const [cx, cy] = [left + outer, top + 22 + outer];
  for (const arc of arcs.filter((a) => a.depth < rings)) {
    const colour = arcColour(arc);
    const inner = hole + arc.depth * ring;
    painter.path(sectorPath(cx, cy, inner, inner + ring, arc.from, arc.to), {
      fill: colour,
      stroke: '#ffffff',
      lineWidth: 0.8,
    });
  }
  // the chart as text beside it: every rated goal with its share, indented by its ring
  let y = top + 22;
  const legendX = left + 2 * outer + 14;
  const legendWidth = summarySheet.width - margin - legendX;
  for (const arc of arcs.slice(0, 20)) {
    const indent = arc.depth * 8;
    painter.rect(legendX + indent, y + 1, 6, 6, { fill: arcColour(arc) });
    painter.text(
      fitText(`${arc.name}: ${arc.value}`, legendWidth - 9 - indent, 7.5),
      legendX + 9 + indent,
      y,
      7.5,
    );
    y += 11;
  }
};

const paintMilestones = (painter: Painter, summary: ProjectSummary, top: number, say: PrintTexts['say']) => {
  const width = summarySheet.width - 2 * margin;
  painter.text(say('milestones'), margin, top, 11, { bold: true });
  if (summary.milestones.length === 0) {
    painter.text(say('noMilestones'), margin, top + 20, 8.5, { colour: c.dimmed });
    return;
  }
  // the mini timeline: the project's span (or the milestones'), a diamond per milestone
  const dates = summary.milestones.map((m) => toMs(m.start));
  const from = Math.min(...dates, summary.start ? toMs(summary.start) : Infinity);
  // a project's end is exclusive, a milestone's day is not
  const to = Math.max(...dates.map((d) => d + dayMs), summary.end ? toMs(summary.end) : -Infinity);
  const lineY = top + 34;
  const xOf = (ms: number) => margin + ((ms - from) * width) / (to - from);
  painter.line(margin, lineY, margin + width, lineY, { stroke: c.dimmed, lineWidth: 1 });
  painter.text(uiDate(new Date(from).toISOString()), margin, lineY + 8, 7, { colour: c.dimmed });
  painter.text(uiDate(new Date(to - dayMs).toISOString()), margin, lineY + 8, 7, {
    colour: c.dimmed,
    width,
    align: 'right',
  });
  summary.milestones.forEach((m, i) => {
    const x = xOf(toMs(m.start));
    painter.path(diamondPath(x, lineY, 4), { fill: c.milestone });
    painter.text(String(i + 1), x - 10, lineY - 16, 6.5, { width: 20, align: 'center' });
  });
  let y = lineY + 28;
  summary.milestones.forEach((m, i) => {
    painter.text(`${i + 1}.`, margin, y, 8.5, { colour: c.dimmed });
    painter.text(uiDate(m.start), margin + 20, y, 8.5);
    painter.text(fitText(m.title, width - 90, 8.5), margin + 82, y, 8.5);
    y += 13;
  });
  if (summary.more > 0)
    painter.text(say('more', { n: summary.more }), margin + 20, y, 8.5, { colour: c.dimmed });
};
