import { recordConflicts, recordDifference } from '@fahrplan/contracts';
import type {
  PortfolioTotals,
  RecordDifference,
  ScenarioDiff,
  ScenarioRecordKind,
} from '@fahrplan/contracts';
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

  async diff({ tenant, scenario, against, milestones, kinds }: DiffRequest): Promise<ScenarioDiff> {
    const [ours, theirs, live] = await Promise.all([
      this.side(tenant, scenario),
      against === null ? { view: this.live, overlay: [] } : this.side(tenant, against),
      liveTotals(this.live, tenant),
    ]);
    const [ourTotals, theirTotals] = await Promise.all(
      [ours, theirs].map((side) => this.totals(tenant, live, side, milestones)),
    );
    return {
      scenario,
      against,
      records: records(ours, theirs, against !== null).filter((record) => kinds.has(record.kind)),
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
    .sort((a, b) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) || a.id - b.id);
};
