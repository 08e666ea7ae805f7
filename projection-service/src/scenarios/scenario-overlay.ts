import { rebase, recordConflicts, scenarioWins } from '@fahrplan/contracts';
import type { RecordFields, ScenarioBase, StoredEvent } from '@fahrplan/contracts';
import { documentIdsOf } from '../projections/projection';
import type { Projection } from '../projections/projection';
import { isTombstone } from '../read-store/read-store';
import type { ReadDocument } from '../read-store/read-store';
import type { ScenarioChangeDoc } from './scenario-changes.projection';

/** One read-model document a scenario changed: both sides, and what its changes were based on. */
export interface OverlaidDocument {
  readonly collection: string;
  readonly id: string;
  /** The live record's stream whose scenario events made it. */
  readonly stream: string;
  /** The live document now (its fields), null where there is none. */
  readonly live: RecordFields;
  /**
   * The document in the scenario: the live one with the scenario's events folded on top, the
   * scenario's value winning in every field it changed, and `conflicts` where a live change since
   * touched one of them; null where the scenario removed it.
   */
  readonly scenario: Readonly<Record<string, unknown>> | null;
  readonly base: ScenarioBase;
  /** The later of the live document's position and the scenario's last event of it. */
  readonly position: number;
}

/** The fields an `…Updated` event sets, whether or not their values change (a resolved conflict's). */
const changedKeys = ({ data }: StoredEvent): string[] => {
  const changes = (data as { changes?: unknown } | null)?.changes;
  return typeof changes === 'object' && changes !== null ? Object.keys(changes) : [];
};

/** The key of a document in `live`: collection and id. */
export const documentKey = (collection: string, id: string): string => `${collection}\u0000${id}`;

const fieldsOf = (doc: ReadDocument | undefined): RecordFields => {
  if (!doc || isTombstone(doc)) return null;
  const { _id, _position, ...fields } = doc;
  return fields;
};

/** Which documents of which projections a scenario stream's events change, each with its events. */
const targetsOf = (projections: readonly Projection[], events: readonly StoredEvent[]) => {
  const targets = new Map<string, { projection: Projection; id: string; events: StoredEvent[] }>();
  for (const event of events)
    for (const projection of projections.filter((p) => p.handles.includes(event.type)))
      for (const id of documentIdsOf(projection, event)) {
        const key = documentKey(projection.collection, id);
        const target = targets.get(key) ?? { projection, id, events: [] };
        target.events.push(event);
        targets.set(key, target);
      }
  return [...targets.values()];
};

/**
 * A scenario's overlay (docs/design/scenarios.md): each document its events change, folded by the
 * live projections' own `evolve` on top of the live document now (`live`, by `documentKey`), so a
 * live change since the branch shows in the scenario. Each event counts in the record's version after
 * the live stream's events (`liveStreams`, by stream: version r + q, as commands in the scenario
 * expect), and is measured against the live record at its `base` revision, so that a live change of
 * a field the scenario also changed is flagged as a conflict.
 */
export const foldOverlay = (
  projections: readonly Projection[],
  changes: readonly ScenarioChangeDoc[],
  live: ReadonlyMap<string, ReadDocument>,
  liveStreams: ReadonlyMap<string, readonly StoredEvent[]>,
): OverlaidDocument[] =>
  changes.flatMap(({ stream, events }) => {
    const liveEvents = liveStreams.get(stream) ?? [];
    return targetsOf(projections, events).map(({ projection, id, events: own }) => {
      const evolve = (doc: RecordFields, event: StoredEvent) =>
        projection.evolve(doc as never, event) as RecordFields;
      // the live record after each of its revisions
      const liveStates: RecordFields[] = [];
      let state: RecordFields = null;
      for (const event of liveEvents) {
        if (documentIdsOf(projection, event).includes(id)) state = evolve(state, event);
        liveStates[event.revision] = state;
      }
      const stored = live.get(documentKey(projection.collection, id));
      const liveNow = fieldsOf(stored);
      let [folded, decided, base] = [liveNow, null as RecordFields, {} as ScenarioBase];
      const applied: StoredEvent[] = [];
      for (const event of own) {
        const counted = { ...event, revision: liveEvents.length + event.revision };
        const liveAtBase =
          event.metadata.base === undefined ? null : (liveStates[event.metadata.base] ?? null);
        const decidedOn = applied.reduce(evolve, liveAtBase);
        decided = evolve(decidedOn, counted);
        base = rebase(base, { decidedOn, decided, liveAtBase, touched: changedKeys(event) });
        folded = evolve(folded, counted);
        applied.push(counted);
      }
      const scenario = scenarioWins(folded, decided, base);
      const conflicts = recordConflicts(liveNow, scenario, base);
      return {
        collection: projection.collection,
        id,
        stream,
        live: liveNow,
        scenario: scenario && conflicts.length > 0 ? { ...scenario, conflicts } : scenario,
        base,
        position: Math.max(stored?._position ?? 0, own.at(-1)!.position),
      };
    });
  });

/** The live documents and the live streams an overlay of `changes` folds on. */
export const overlayInputs = (projections: readonly Projection[], changes: readonly ScenarioChangeDoc[]) => ({
  documents: changes.flatMap(({ events }) =>
    targetsOf(projections, events).map(({ projection, id }) => ({ collection: projection.collection, id })),
  ),
  /** Only a record that existed live when the scenario changed it has a base to measure against. */
  streams: changes
    .filter(({ events }) => events.some((event) => event.metadata.base !== undefined))
    .map(({ stream }) => stream),
});
