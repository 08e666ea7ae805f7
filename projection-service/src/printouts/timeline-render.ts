import { pdfOf, pdfPainter } from './pdf-document';
import { tickNamer } from './print-texts';
import type { PrintTexts } from './print-texts';
import { pngOf, svgOf, svgPainter } from './svg-image';
import { arrowsOfLayout } from './timeline-arrows';
import { PrintLimitError, layTimeline, papers } from './timeline-layout';
import type { Paper, Sheet, TimelineContent } from './timeline-layout';
import { paintTimeline } from './timeline-paint';
import type { PrintHeader } from './timeline-paint';
import { maxImageHeight, maxPrintPages } from './timeline-printout';

/** The PNG's sheet: as wide as A3 landscape, as tall as its rows. */
const imageSheet: Sheet = { width: papers.a3.width, height: null };

/** The PNG's pixels per point: sharp on a slide. */
const imageScale = 2;

/** The timeline as a PDF on `paper`: at most `maxPrintPages` pages (else PrintLimitError). */
export const timelinePdf = (
  content: TimelineContent,
  paper: Paper,
  header: PrintHeader,
  texts: PrintTexts,
): Promise<Buffer> => {
  const layout = layTimeline(content, papers[paper], tickNamer(texts), maxPrintPages);
  return pdfOf(papers[paper], { title: header.title, language: texts.language }, (doc) =>
    paintTimeline(pdfPainter(doc), layout, header, arrowsOfLayout(layout, content.items, content.calendars)),
  );
};

/** The timeline as one PNG image: at most `maxImageHeight` points tall (else PrintLimitError). */
export const timelinePng = (content: TimelineContent, header: PrintHeader, texts: PrintTexts): Buffer => {
  const layout = layTimeline(content, imageSheet, tickNamer(texts), 1);
  if (layout.height > maxImageHeight) throw new PrintLimitError('height', maxImageHeight);
  const painter = svgPainter();
  paintTimeline(painter, layout, header, arrowsOfLayout(layout, content.items, content.calendars));
  return pngOf(svgOf(layout.width, layout.height, painter.elements), layout.width, imageScale);
};
