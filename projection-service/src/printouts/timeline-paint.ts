import { printColours as c } from './pdf-document';
import type { Painter } from './pdf-document';
import { diamondPath } from './pdf-document';
import { arrowHeadPath, printArrowPath } from './timeline-arrows';
import type { PrintArrow } from './timeline-arrows';
import { fitText, printMetrics as m } from './timeline-layout';
import type { LaidPage, Line, Mark, TimelineLayout } from './timeline-layout';

/** What the header of every page says: the title, the window and filters, the date of export. */
export interface PrintHeader {
  readonly title: string;
  readonly lines: readonly string[];
  /** "Page {page} of {pages}" for a page. */
  readonly pageLabel: (page: number, pages: number) => string;
}

/**
 * Paints `layout` page by page: header, axis, grid, the lines with their marks, each page's dependency
 * arrows (`arrows[page]`), today line, footer.
 */
export const paintTimeline = (
  painter: Painter,
  layout: TimelineLayout,
  header: PrintHeader,
  arrows: readonly (readonly PrintArrow[])[] = [],
): void => {
  layout.pages.forEach((page, index) => {
    if (index > 0) painter.newPage();
    paintPage(painter, layout, page, header);
    for (const arrow of arrows[index] ?? []) paintArrow(painter, arrow);
    if (layout.pages.length > 1 || index > 0)
      painter.text(
        header.pageLabel(index + 1, layout.pages.length),
        m.margin,
        layout.height - m.margin - m.footer + 6,
        7,
        { colour: c.dimmed, width: layout.width - 2 * m.margin, align: 'right' },
      );
  });
};

const paintPage = (painter: Painter, layout: TimelineLayout, page: LaidPage, header: PrintHeader) => {
  const right = layout.timeX + layout.timeWidth;
  painter.text(header.title, m.margin, m.margin, 13, { bold: true });
  header.lines.forEach((line, i) =>
    painter.text(fitText(line, layout.width - 2 * m.margin, 7), m.margin, m.margin + 18 + i * 9, 7, {
      colour: c.dimmed,
    }),
  );
  const bottom = (page.lines.at(-1)?.y ?? layout.bodyTop) + m.track;
  // the axis: the larger unit above, the ticks below, and their grid lines down the rows
  const axisTop = layout.axisY;
  for (const tick of layout.major) {
    painter.line(tick.x, axisTop, tick.x, axisTop + m.axis / 2, { stroke: c.grid });
    painter.text(tick.label, tick.x + 2, axisTop + 2, 7, { bold: true });
  }
  for (const tick of layout.minor) {
    painter.line(tick.x, axisTop + m.axis / 2, tick.x, bottom, { stroke: c.grid, lineWidth: 0.3 });
    if (tick.x2 - tick.x >= tick.label.length * 6 * m.glyph + 2)
      painter.text(tick.label, tick.x + 1.5, axisTop + m.axis / 2 + 2, 6, { colour: c.dimmed });
  }
  painter.line(m.margin, layout.bodyTop, right, layout.bodyTop, { stroke: c.dimmed });
  for (const line of page.lines) paintLine(painter, layout, line);
  if (layout.todayX !== null)
    painter.line(layout.todayX, axisTop + m.axis / 2, layout.todayX, bottom, {
      stroke: c.today,
      lineWidth: 0.8,
    });
};

const paintLine = (painter: Painter, layout: TimelineLayout, line: Line) => {
  const right = layout.timeX + layout.timeWidth;
  if (line.kind === 'project') {
    painter.rect(m.margin, line.y, right - m.margin, m.track, { fill: c.band });
    painter.text(line.label, m.margin + 2, line.y + 3, m.fontSize + 1, { bold: true });
  } else painter.text(line.label, m.margin + 10, line.y + 3.5, m.fontSize, { colour: c.dimmed });
  for (const mark of line.marks) paintMark(painter, line.y + (m.track - m.bar) / 2, mark);
};

const paintMark = (painter: Painter, top: number, mark: Mark) => {
  const middle = top + m.bar / 2;
  switch (mark.kind) {
    case 'task':
      painter.rect(mark.x, top, mark.x2 - mark.x, m.bar, { fill: c.task });
      painter.text(mark.label, mark.labelX, top + 1.5, m.fontSize - 1, { colour: c.taskText });
      return;
    case 'summary':
      painter.rect(mark.x, top + 2, mark.x2 - mark.x, m.bar - 4, { fill: c.summary });
      return;
    case 'ghost':
      painter.rect(mark.x, top + 1, mark.x2 - mark.x, m.bar - 2, { stroke: c.ghost, dash: true });
      painter.text(mark.label, mark.labelX, top + 1.5, m.fontSize - 1, { colour: c.ghost });
      return;
    case 'milestone':
      painter.path(diamondPath(mark.x, middle, m.bar / 2), { fill: c.milestone });
      painter.text(mark.label, mark.labelX, top + 1, m.fontSize);
      return;
    case 'ghost-milestone':
      painter.path(diamondPath(mark.x, middle, m.bar / 2), { stroke: c.ghost, dash: true });
      painter.text(mark.label, mark.labelX, top + 1, m.fontSize, { colour: c.ghost });
      return;
  }
};

/** A dependency's arrow: dimmed, or red when the successor starts before the dependency allows. */
const paintArrow = (painter: Painter, arrow: PrintArrow) => {
  const colour = arrow.violated ? c.violated : c.dimmed;
  painter.path(printArrowPath(arrow), { stroke: colour, lineWidth: arrow.violated ? 0.8 : 0.5 });
  painter.path(arrowHeadPath(arrow.to), { fill: colour });
};
