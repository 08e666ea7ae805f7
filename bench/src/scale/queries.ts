/** The queries of issue 17's table, as each build asks them, and the figures the issue asks for with their targets. */
import { seeded } from '@fahrplan/platform/testing';
import type { LogSample } from './data-folder';
import type { Build } from './server';

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** A kind of query: its requests and how many run at once. */
export interface QueryKind {
  readonly measure: Measure;
  readonly paths: readonly string[];
  readonly connections: number;
}

/**
 * The requests of each kind, `requests` of each (as-of: one per instant, one at a time, since each
 * must be cold). The timeline asks what the console asks: a window and the first page of 40 rows
 * (`timelineRowsPerPage` in the console's items API); the baseline answers every row, and refuses
 * windows beyond 1,830 days.
 */
export const queryKinds = (
  build: Build,
  sample: LogSample,
  options: { requests: number; connections: number; seed: number },
): QueryKind[] => {
  const { next: random, pick } = seeded(options.seed);
  const spanDays = daysBetween(sample.span[0], sample.span[1]);
  /** A window of `days` inside the items' span, or around it when wider. */
  const window = (days: number) => {
    const from = addDays(sample.span[0], Math.floor(random() * (spanDays - days)));
    return `from=${from}&to=${addDays(from, days)}`;
  };
  const paged = (path: string, query: string) => (build.paged ? `${path}?${query}` : path);
  const timeline = (days: number) => `/api/timeline?${window(days)}${build.paged ? '&limit=40' : ''}`;
  const kind = (measure: Measure, make: () => string): QueryKind => ({
    measure,
    paths: Array.from({ length: options.requests }, make),
    connections: options.connections,
  });
  return [
    kind('one-month timeline', () => timeline(30)),
    kind('one-year timeline', () => timeline(365)),
    kind('ten-year timeline', () => timeline(3652)),
    kind('portfolio first page', () => paged('/api/groups', 'sort=-priority&limit=100')),
    kind('portfolio filtered by text', () => {
      const q = `q=${encodeURIComponent(pick(sample.words))}`;
      return `/api/groups?${q}${build.paged ? '&limit=100' : ''}`;
    }),
    kind('an item by id', () => `/api/items/${pick(sample.itemIds)}`),
    kind('applications first page', () => paged('/api/applications', 'limit=100')),
    {
      measure: 'as of an instant, cold',
      paths: sample.instants.map(
        (at) => `/api/groups?asOf=${encodeURIComponent(at)}${build.paged ? '&sort=-priority&limit=100' : ''}`,
      ),
      connections: 1,
    },
  ];
};

/** Issue 17's figures in the order printed, with the target where the issue names one. */
export const measures = {
  'start until /api/health 200, no read.db (s)': { target: '≤ 1 s', max: 1 },
  'until ready, full rebuild at start (s)': { target: 'printed beside' },
  'full rebuild by npm run replay (s)': { target: 'printed beside' },
  'restart until /api/health 200 (s)': { target: '≤ 1 s', max: 1 },
  'restart until ready, from the checkpoint (s)': { target: '≤ 3 s', max: 3 },
  'RSS after the first start (MB)': { target: '≤ 600 MB', max: 600 },
  'RSS after the restart (MB)': { target: '≤ 600 MB', max: 600 },
  'RSS after the load (MB)': { target: '≤ 600 MB', max: 600 },
  'one-month timeline': { target: 'p95 ≤ 30 ms', max: 30 },
  'one-year timeline': { target: 'p95 ≤ 100 ms', max: 100 },
  'ten-year timeline': { target: 'p95 ≤ 100 ms', max: 100 },
  'portfolio first page': { target: 'p95 ≤ 30 ms', max: 30 },
  'portfolio filtered by text': { target: 'p95 ≤ 50 ms', max: 50 },
  'an item by id': { target: 'p95 ≤ 5 ms', max: 5 },
  'applications first page': { target: '—' },
  'as of an instant, cold': { target: 'p95 ≤ 300 ms', max: 300 },
  'command saved, under load': { target: '—' },
  'read-your-writes confirmation, under load': { target: 'p95 ≤ 50 ms', max: 50 },
  'the load meanwhile (month, portfolio)': { target: '—' },
  'load average (1/5/15 min) at the end': { target: '—' },
} satisfies Record<string, { target: string; max?: number }>;

export type Measure = keyof typeof measures;

/** A figure: what is printed, and the number its target is checked against. */
export interface Figure {
  readonly text: string;
  readonly value?: number;
}

/** The figure's text, with ✓ or ✗ where the issue names a target. */
export const checked = (measure: Measure, figure: Figure | undefined): string => {
  if (!figure) return '—';
  const { max } = measures[measure] as { max?: number };
  if (max === undefined || figure.value === undefined) return figure.text;
  return `${figure.text} ${figure.value <= max ? '✓' : '✗'}`;
};
