/**
 * Issue 23: the timeline's printouts drawn on their own, without the query: the PDF of 1,000 projects
 * (five items each) on A4 and A3, and the PNG of as many projects as
 * its height allows. Prints the time, the pages and the size of each, and the process' peak RSS.
 */
import type { TimelineGroup, TimelineItem } from '@fahrplan/contracts';
import { defaultSubgroups } from '@fahrplan/contracts';
import {
  maxImageHeight,
  maxPrintRows,
  printTexts,
  timelinePdf,
  timelinePng,
} from '@fahrplan/projection-service';
import type { TimelineContent } from '@fahrplan/projection-service';
import { format, load, ms, printTable, setting } from './figures';

// 1,000 projects of four lines fill 143 A4 pages: 2,000 (`maxPrintRows`) would pass the 200 pages
const projects = setting('BENCH_PRINT_PROJECTS', maxPrintRows / 2);
const texts = printTexts('de-CH');
const header = {
  title: 'Zeitachse',
  lines: ['Zeitraum: 01.01.2031 – 31.12.2031', 'Alle Projekte', 'Exportiert am 29.11.2026 03:00'],
  pageLabel: (page: number, pages: number) => `Seite ${page} von ${pages}`,
};

/** What every bench row and item has alike: a project of the bench tenant, an item without links. */
const row = {
  subgroups: defaultSubgroups,
  shared: false,
  tenant: 'bench',
  status: 0,
  resource: null,
  jirarepo: null,
};
const plain = { type: null, className: null, rank: null, status: 0, version: 0, shared: false };
const phases = [
  ['Konzept', '2031-01-06', '2031-03-28'],
  ['Realisierung', '2031-03-02', '2031-06-30'],
  ['Test', '2031-07-01', '2031-09-30'],
  ['Einführung', '2031-10-01', '2031-11-30'],
  ['Go-live', '2031-12-01', null],
] as const;

/** `count` projects over 2031, each with four tasks (two overlapping) and a milestone. */
const contentOf = (count: number): TimelineContent => {
  const groups: TimelineGroup[] = Array.from({ length: count }, (_, i) => ({
    ...row,
    id: i + 1,
    content: `Projekt ${String(i + 1).padStart(4, '0')} Erneuerung Kernsystem`,
  }));
  const items: TimelineItem[] = groups.flatMap((g, i) =>
    phases.map(([title, start, end], p) => ({
      ...plain,
      id: i * phases.length + p + 1,
      title,
      group: g.id,
      subgroup: end === null ? 'milestones' : 'tasks',
      start: `${start}T00:00`,
      end: end && `${end}T00:00`,
      predecessors: [],
      successors: [],
    })),
  );
  return {
    from: '2031-01-01',
    to: '2032-01-01',
    groups,
    items,
    summaries: [],
    ghosts: [],
    today: '2031-06-15',
  };
};

const main = async () => {
  console.log(`bench:printouts: ${format(projects)} projects, load ${load()}`);
  const rows: string[][] = [];
  const time = async (what: string, count: number, render: () => Promise<Buffer> | Buffer) => {
    const start = performance.now();
    const file = await render();
    const took = performance.now() - start;
    const pages = what.startsWith('PDF')
      ? String(file.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0)
      : '1';
    rows.push([what, format(count), ms(took), pages, format(file.length / 1024, 0)]);
  };
  const all = contentOf(projects);
  await time('PDF A4', projects, () => timelinePdf(all, 'a4', header, texts));
  await time('PDF A3', projects, () => timelinePdf(all, 'a3', header, texts));
  // the PNG's height allows about this many projects of four lines (two tracks of tasks)
  const imageProjects = Math.floor((maxImageHeight - 140) / (4 * 14 + 4));
  await time('PNG', imageProjects, () => timelinePng(contentOf(imageProjects), header, texts));
  printTable(console.log, [['printout', 'projects', 'ms', 'pages', 'KiB'], ...rows], new Set([0]));
  console.log(`peak RSS ${format(process.resourceUsage().maxRSS / 1024, 0)} MiB, load ${load()}`);
};

void main();
