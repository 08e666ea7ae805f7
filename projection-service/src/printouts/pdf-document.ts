import type PDFDocument from 'pdfkit';
import { onFirstUse } from '@fahrplan/platform';

/** pdfkit (and fontkit under it), loaded with the first printout rather than at start. */
const pdfkit = onFirstUse<typeof PDFDocument>(require, 'pdfkit');

/**
 * DejaVu Sans (shipped by the dejavu-fonts-ttf package), embedded in every printout: pdfkit's built-in
 * Helvetica knows only WinAnsi, and a project title in Greek or with a €-less symbol would be lost.
 */
export const printFonts = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

/** The printouts' colours (the console's light scheme): bars, milestones, ghosts, today, violated dependencies, lines. */
export const printColours = {
  text: '#1a1b1e',
  dimmed: '#5c5f66',
  task: '#4dabf7',
  taskText: '#0b3050',
  milestone: '#e8590c',
  summary: '#adb5bd',
  ghost: '#868e96',
  today: '#e03131',
  violated: '#c92a2a',
  grid: '#dee2e6',
  band: '#f1f3f5',
} as const;

export type Pdf = PDFKit.PDFDocument;

/**
 * A landscape PDF of `size` points with the fonts registered as 'regular' and 'bold', drawn by `draw`,
 * as one buffer. Text is written as text: a reader finds and copies it.
 */
export const pdfOf = async (
  size: { width: number; height: number },
  info: { title: string; language: string },
  draw: (pdf: Pdf) => void,
): Promise<Buffer> => {
  const pdf = new (pdfkit())({
    size: [size.width, size.height],
    margin: 0,
    autoFirstPage: true,
    info: { Title: info.title, Creator: 'Fahrplan' },
    lang: info.language,
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', printFonts.regular);
  pdf.registerFont('bold', printFonts.bold);
  pdf.font('regular');
  draw(pdf);
  pdf.end();
  await ended;
  return Buffer.concat(chunks);
};

/** What a printout draws with: the same calls make the PDF's vector page and the PNG's SVG. */
export interface Painter {
  rect(x: number, y: number, width: number, height: number, style: ShapeStyle): void;
  line(x1: number, y1: number, x2: number, y2: number, style: ShapeStyle): void;
  /** An outline in SVG path syntax (M, L, A, Z): the PDF and the SVG draw the same path. */
  path(d: string, style: ShapeStyle): void;
  /** One line of text, its box's top at y, that never wraps (the caller cuts it to fit). */
  text(text: string, x: number, y: number, size: number, style?: TextStyle): void;
  newPage(): void;
}

export interface ShapeStyle {
  readonly fill?: string;
  readonly stroke?: string;
  readonly lineWidth?: number;
  readonly dash?: boolean;
}

export interface TextStyle {
  readonly bold?: boolean;
  readonly colour?: string;
  /** The box the text is aligned in (from x). */
  readonly width?: number;
  readonly align?: 'left' | 'center' | 'right';
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The point at `angle` (radians clockwise from 12 o'clock) and `radius` around (cx, cy). */
const polar = (cx: number, cy: number, radius: number, angle: number) =>
  `${round(cx + radius * Math.sin(angle))} ${round(cy - radius * Math.cos(angle))}`;

/** A milestone's diamond centred at (x, y). */
export const diamondPath = (x: number, y: number, half: number): string =>
  `M ${round(x)} ${round(y - half)} L ${round(x + half)} ${round(y)} L ${round(x)} ${round(y + half)} L ${round(x - half)} ${round(y)} Z`;

/**
 * A ring's sector around (cx, cy) between two radii, from one angle to another (radians clockwise from
 * 12 o'clock, up to a full turn): a sunburst's arc.
 */
export const sectorPath = (
  cx: number,
  cy: number,
  inner: number,
  outer: number,
  from: number,
  to: number,
): string => {
  // an arc whose ends meet (a whole ring) draws nothing: wider ones go as two halves
  if (to - from > Math.PI) {
    const middle = (from + to) / 2;
    return `${sectorPath(cx, cy, inner, outer, from, middle)} ${sectorPath(cx, cy, inner, outer, middle, to)}`;
  }
  const outerArc = `M ${polar(cx, cy, outer, from)} A ${round(outer)} ${round(outer)} 0 0 1 ${polar(cx, cy, outer, to)}`;
  const innerArc =
    inner > 0
      ? `L ${polar(cx, cy, inner, to)} A ${round(inner)} ${round(inner)} 0 0 0 ${polar(cx, cy, inner, from)}`
      : `L ${round(cx)} ${round(cy)}`;
  return `${outerArc} ${innerArc} Z`;
};

/** A painter on a pdfkit document: vector shapes, and text as text. */
export const pdfPainter = (pdf: Pdf): Painter => {
  const paint = (style: ShapeStyle) => {
    pdf.lineWidth(style.lineWidth ?? 0.5);
    if (style.dash) pdf.dash(2, { space: 1.5 });
    if (style.fill && style.stroke) pdf.fillAndStroke(style.fill, style.stroke);
    else if (style.fill) pdf.fill(style.fill);
    else pdf.stroke(style.stroke ?? printColours.text);
    if (style.dash) pdf.undash();
  };
  return {
    rect: (x, y, width, height, style) => {
      pdf.rect(x, y, width, height);
      paint(style);
    },
    line: (x1, y1, x2, y2, style) => {
      pdf.moveTo(x1, y1).lineTo(x2, y2);
      paint(style);
    },
    path: (d, style) => {
      pdf.path(d);
      paint(style);
    },
    text: (text, x, y, size, style = {}) => {
      if (text === '') return;
      pdf
        .font(style.bold ? 'bold' : 'regular')
        .fontSize(size)
        .fillColor(style.colour ?? printColours.text)
        // without a width pdfkit wraps at the page's edge even with lineBreak off: the callers cut to fit
        .text(text, x, y, { lineBreak: false, width: style.width ?? 10_000, align: style.align ?? 'left' });
    },
    newPage: () => void pdf.addPage(),
  };
};
