import { AsyncLocalStorage } from 'node:async_hooks';
import type { StoredEvent } from '@fahrplan/contracts';
import type { EventStore } from '@fahrplan/platform';
import type { Projection } from '../projections/projection';
import { keepRecent } from '../query-threads/keep-recent';
import { CHECKPOINT } from '../projections/projection-runner';
import type { ReadDocument, ReadStore, ReadView } from '../read-store/read-store';
import type { ScenarioChangeDoc } from './scenario-changes.projection';
import { withOverlayJoins } from './overlay-joins';
import { documentKey, foldOverlay, overlayInputs } from './scenario-overlay';
import type { OverlaidDocument } from './scenario-overlay';
import { ScenarioReadView, overlayOf } from './scenario-view';

/** How many scenarios' overlays are kept folded (the least recently used go first). */
const KEPT = 32;

/** A scenario's overlay as folded, the read models' position it holds at, and both sides' positions. */
interface Fold {
  readonly position: number;
  readonly key: string;
  readonly overlay: OverlaidDocument[];
  /** The joined documents its keys were derived with (`withOverlayJoins`), by collection. */
  readonly joined: ReadonlyMap<string, readonly string[]>;
}

/**
 * The scenarios' views (issue 22), folded at query time from each scenario's own events
 * (`scenarioChanges`) on top of the live documents they change, and kept per scenario while neither
 * side of any of its documents moved: a query's cost follows the scenario's changes, never the tenant.
 */
export class ScenarioViews {
  private readonly kept = new Map<string, Fold>();

  constructor(
    private readonly live: ReadStore,
    private readonly events: Pick<EventStore, 'readStream'>,
    private readonly projections: readonly Projection[],
  ) {}

  /** Every document scenario `scenario` of `tenant` changed, with both sides. */
  async overlay(tenant: string, scenario: number): Promise<OverlaidDocument[]> {
    const name = `${tenant}\n${scenario}`;
    const kept = this.kept.get(name);
    // the read models move only with their checkpoint: at the same position, no document of the fold moved
    const position = await this.live.checkpoint(CHECKPOINT);
    if (kept?.position === position) return this.keep(name, kept).overlay;
    const changes = (await this.live.find(
      'scenarioChanges',
      { tenant, scenario },
      { sort: { _id: 1 } },
    )) as unknown as (ScenarioChangeDoc & ReadDocument)[];
    const { documents, streams } = overlayInputs(this.projections, changes);
    const byCollection = new Map<string, string[]>();
    for (const { collection, id } of documents)
      byCollection.set(collection, [...(byCollection.get(collection) ?? []), id]);
    const live = new Map<string, ReadDocument>();
    await Promise.all(
      [...byCollection].map(async ([collection, ids]) => {
        for (const [id, doc] of await this.live.getMany(collection, ids))
          live.set(documentKey(collection, id), doc);
      }),
    );
    // both sides' positions and the joined documents': a scenario event or a live change of any refolds it
    const key = (joined: readonly string[]) =>
      [
        ...changes.map((doc) => `${doc._id}@${doc._position}`),
        ...[...live].map(([id, doc]) => `${id}@${doc._position}`),
        ...joined,
      ].join('\n');
    if (kept && kept.key === key(await this.positions(kept.joined)))
      return this.keep(name, { ...kept, position }).overlay;
    const liveStreams = new Map<string, readonly StoredEvent[]>(
      await Promise.all(
        streams.map(async (stream) => [stream, await this.events.readStream(stream)] as const),
      ),
    );
    const folded = foldOverlay(this.projections, changes, live, liveStreams);
    const { overlay, joined } = await withOverlayJoins(folded, this.projections, this.live);
    const fold = { position, key: key(await this.positions(joined)), overlay, joined };
    return this.keep(name, fold).overlay;
  }

  /** The positions of the joined documents a fold was derived with (a calendar changed live refolds it). */
  private async positions(joined: ReadonlyMap<string, readonly string[]>): Promise<string[]> {
    const read = await Promise.all(
      [...joined].map(
        async ([collection, ids]) => [collection, await this.live.getMany(collection, [...ids])] as const,
      ),
    );
    return read.flatMap(([collection, docs]) =>
      [...docs].map(([id, doc]) => `${collection}\u0000${id}@${doc._position}`),
    );
  }

  /** `fold` kept as the most recently used, the least recently used beyond `KEPT` let go. */
  private keep(name: string, fold: Fold): Fold {
    keepRecent(this.kept, name, fold, KEPT);
    return fold;
  }

  /** The read models as scenario `scenario` of `tenant` sees them. */
  async view(tenant: string, scenario: number): Promise<ScenarioReadView> {
    return (await this.context(tenant, scenario)).store;
  }

  /** The view of scenario `scenario` of `tenant`, with the overlay it merges in. */
  async context(tenant: string, scenario: number): Promise<ScenarioContext & { store: ScenarioReadView }> {
    const overlay = await this.overlay(tenant, scenario);
    return { tenant, scenario, overlay, store: new ScenarioReadView(this.live, overlayOf(overlay)) };
  }
}

/**
 * A request's scenario: its view of the read models, and the overlay that view merges in (which a
 * query thread receives to answer in the same view, `QueryThreads`).
 */
export interface ScenarioContext {
  readonly tenant: string;
  readonly scenario: number;
  /** The same array while the fold holds: a thread that has it is not sent it again. */
  readonly overlay: readonly OverlaidDocument[];
  readonly store: ReadView;
}

/** The scenario view of the request being answered, if it asked for one (`?scenario=`). */
export const scenarioContext = new AsyncLocalStorage<ScenarioContext>();
