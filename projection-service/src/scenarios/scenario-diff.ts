import { recordConflicts, recordDifference } from '@fahrplan/contracts';
import type {
  PortfolioTotals,
  RecordDifference,
  ScenarioDiff,
  ScenarioRecordKind,
} from '@fahrplan/contracts';
import { encodeCursor } from '../http/paging';
import type { PageRequest } from '../http/paging';
import { fieldError } from '../http/query-params';
import type { ReadStore, ReadView } from '../read-store/read-store';
import { liveTotals, sideTotals } from './portfolio-totals';
import type { Totals } from './portfolio-totals';
import type { OverlaidDocument } from './scenario-overlay';
import { ScenarioReadView, overlayOf } from './scenario-view';
import type { ScenarioViews } from './scenario-views';

/** The read models whose documents are records a scenario changes, and the kind each holds. */
export const recordCollections: Readonly<Record<string, ScenarioRecordKind>> = {
  items: 'item',
  groups: 'group',
  goals: 'goal',
  accounts: 'account',
  dependencies: 'dependency',
};

const kindOrder = Object.values(recordCollections);

/** One side of a comparison: the live plan (no scenario), or a scenario's view and overlay. */
interface Side {
  readonly view: ReadView;
  readonly overlay: readonly OverlaidDocument[];
}

export interface DiffRequest {
  readonly tenant: string;
  readonly scenario: number;
  readonly against: number | null;
  readonly milestones: readonly number[];
  /** The kinds of record the caller may see; the others are left out of `records`. */
  readonly kinds: ReadonlySet<ScenarioRecordKind>;
  /** The page of records asked for. */
  readonly page: PageRequest;
}

/**
 * `GET /api/scenarios/<id>/diff` (issue 22): the records a scenario (or the `against` scenario) changed,
 * compared field by field, and both sides' portfolio totals: the tenant's running totals (one document)
 * adjusted by each side's changed records, so the cost follows the scenarios' changes.
 */
export class ScenarioDiffs {
  constructor(
    private readonly live: ReadStore,
    private readonly views: ScenarioViews,
  ) {}

  async diff({ tenant, scenario, against, milestones, kinds, page }: DiffRequest): Promise<ScenarioDiff> {
    const [ours, theirs, live] = await Promise.all([
      this.side(tenant, scenario),
      against === null ? { view: this.live, overlay: [] } : this.side(tenant, against),
      liveTotals(this.live, tenant),
    ]);
    const [ourTotals, theirTotals] = await Promise.all(
      [ours, theirs].map((side) => this.totals(tenant, live, side, milestones)),
    );
    const all = records(ours, theirs, against !== null).filter((record) => kinds.has(record.kind));
    return {
      scenario,
      against,
      ...pageOfRecords(all, page),
      totals: { against: theirTotals!, scenario: ourTotals! },
    };
  }

  private async side(tenant: string, scenario: number): Promise<Side> {
    const overlay = await this.views.overlay(tenant, scenario);
    return { view: new ScenarioReadView(this.live, overlayOf(overlay)), overlay };
  }

  private async totals(
    tenant: string,
    live: Totals,
    { view, overlay }: Side,
    milestones: readonly number[],
  ): Promise<PortfolioTotals> {
    const [totals, items] = await Promise.all([
      sideTotals(this.live, live, view, overlay, tenant),
      view.getMany('items', milestones.map(String)),
    ]);
    return {
      ...totals,
      milestones: milestones.map((id) => {
        const item = items.get(String(id));
        const shown = item && item.tenant === tenant && item.deleted === false && !item._deleted;
        return {
          id,
          title: shown ? String(item.title) : '',
          date: shown ? (item.start as string) : null,
        };
      }),
    };
  }
}

/** A record's place in the diff's order: conflicts first, then by kind and id (the last: its key, for a cursor). */
const placeOf = (record: RecordDifference): [number, number, number, string] => [
  record.conflicts.length > 0 ? 0 : 1,
  kindOrder.indexOf(record.kind),
  record.id,
  `${record.kind}:${record.id}`,
];

const compareRecords = (a: RecordDifference, b: RecordDifference): number => {
  const [x, y] = [placeOf(a), placeOf(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

/**
 * One page of the records (bounded by the scenarios' changes, sorted in memory): those after the
 * cursor's place, and the cursor of the next page.
 */
const pageOfRecords = (
  all: readonly RecordDifference[],
  { limit, after }: PageRequest,
): { records: RecordDifference[]; nextCursor: string | null } => {
  if (after && (after.length !== 4 || !after.slice(0, 3).every((value) => typeof value === 'number')))
    throw fieldError(
      'cursor',
      'a cursor from nextCursor',
      'the query parameter cursor is not one this list gave',
    );
  const [conflicts, kind, id] = (after ?? []) as number[];
  const sorted = [...all].sort(compareRecords);
  const rest = after
    ? sorted.filter((record) => {
        const [c, k, i] = placeOf(record);
        return (c - conflicts! || k - kind! || i - id!) > 0;
      })
    : sorted;
  const records = rest.slice(0, limit);
  return {
    records,
    nextCursor: rest.length > limit ? encodeCursor(placeOf(records.at(-1)!)) : null,
  };
};

/**
 * The records either side changed, ours against theirs; the conflicts are always ours against the
 * live plan (a publish goes to the live plan, whatever the comparison).
 */
const records = (ours: Side, theirs: Side, againstScenario: boolean): RecordDifference[] => {
  const byKey = new Map<string, { ours?: OverlaidDocument; theirs?: OverlaidDocument }>();
  for (const [side, overlay] of [
    ['ours', ours.overlay],
    ['theirs', theirs.overlay],
  ] as const)
    for (const doc of overlay)
      if (recordCollections[doc.collection]) {
        const key = `${doc.collection}\u0000${doc.id}`;
        byKey.set(key, { ...byKey.get(key), [side]: doc });
      }
  return [...byKey.values()]
    .flatMap(({ ours: our, theirs: their }) => {
      const doc = (our ?? their)!;
      const liveNow = doc.live;
      const scenario = our ? our.scenario : liveNow;
      const difference = recordDifference({
        kind: recordCollections[doc.collection]!,
        id: Number(doc.id),
        live: their ? their.scenario : liveNow,
        scenario,
        base: againstScenario ? {} : (our?.base ?? {}),
      });
      if (!difference || !againstScenario) return difference ? [difference] : [];
      const conflicts = our ? recordConflicts(liveNow, scenario, our.base) : [];
      return [{ ...difference, conflicts }];
    })
    .sort(compareRecords);
};
