import type { Resvg } from '@resvg/resvg-js';
import { onFirstUse } from '@fahrplan/platform';
import { printColours, printFonts } from './pdf-document';
import type { Painter, ShapeStyle } from './pdf-document';

/** resvg, loaded with the first PNG printout rather than at start. */
const resvg = onFirstUse<{ Resvg: typeof Resvg }>(require, '@resvg/resvg-js');

/** DejaVu Sans ascends 0.93 of its size above the baseline: SVG places text by its baseline. */
const ascent = 0.93;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const n = (value: number) => String(Math.round(value * 100) / 100);

const styleOf = (style: ShapeStyle) =>
  [
    `fill="${style.fill ?? 'none'}"`,
    style.stroke || !style.fill ? `stroke="${style.stroke ?? printColours.text}"` : '',
    `stroke-width="${n(style.lineWidth ?? 0.5)}"`,
    style.dash ? 'stroke-dasharray="2 1.5"' : '',
  ]
    .filter(Boolean)
    .join(' ');

/** A painter that writes SVG elements: one sheet, so a new page is never asked for. */
export const svgPainter = (): Painter & { readonly elements: string[] } => {
  const elements: string[] = [];
  return {
    elements,
    rect: (x, y, width, height, style) =>
      elements.push(
        `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" ${styleOf(style)}/>`,
      ),
    line: (x1, y1, x2, y2, style) =>
      elements.push(`<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" ${styleOf(style)}/>`),
    path: (d, style) => elements.push(`<path d="${d}" ${styleOf(style)}/>`),
    text: (text, x, y, size, style = {}) => {
      if (text === '') return;
      const anchor = style.align === 'right' ? 'end' : style.align === 'center' ? 'middle' : 'start';
      const at =
        style.align === 'right'
          ? x + (style.width ?? 0)
          : style.align === 'center'
            ? x + (style.width ?? 0) / 2
            : x;
      elements.push(
        `<text x="${n(at)}" y="${n(y + size * ascent)}" font-size="${n(size)}" text-anchor="${anchor}"` +
          `${style.bold ? ' font-weight="bold"' : ''} fill="${style.colour ?? printColours.text}">${escape(text)}</text>`,
      );
    },
    newPage: () => {
      throw new Error('an image is one sheet');
    },
  };
};

/** The SVG document of `elements` on a white sheet of `width` × `height` points. */
export const svgOf = (width: number, height: number, elements: readonly string[]): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}" font-family="DejaVu Sans">` +
  `<rect width="100%" height="100%" fill="#ffffff"/>${elements.join('')}</svg>`;

/** The SVG rasterised `scale` times its size in points (2: sharp on a slide), with the printouts' fonts. */
export const pngOf = (svg: string, width: number, scale: number): Buffer =>
  new (resvg().Resvg)(svg, {
    fitTo: { mode: 'width', value: Math.round(width * scale) },
    font: {
      fontFiles: [printFonts.regular, printFonts.bold],
      loadSystemFonts: false,
      defaultFontFamily: 'DejaVu Sans',
    },
  })
    .render()
    .asPng();
