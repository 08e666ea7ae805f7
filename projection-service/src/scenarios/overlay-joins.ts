import type { Fields, Projection } from '../projections/projection';
import { fieldsOf } from '../projections/joined-keys';
import { isTombstone } from '../read-store/read-store';
import type { ReadView } from '../read-store/read-store';
import type { OverlaidDocument } from './scenario-overlay';

/**
 * The overlay's documents with the keys their projection's join derives (joined-keys.md), from the
 * joined documents the live plan has (a scenario changes no calendar): a project whose calendar the
 * scenario changed sorts by its duration on that calendar there, as it would live. Joins on a collection
 * the overlay itself changes (an item's project) are left as the live fold derived them.
 */
export const withOverlayJoins = async (
  overlay: readonly OverlaidDocument[],
  projections: readonly Projection[],
  live: ReadView,
): Promise<{ overlay: OverlaidDocument[]; joined: Map<string, string[]> }> => {
  const byCollection = new Map(projections.map((p) => [p.collection, p]));
  const changed = new Set(overlay.map((doc) => doc.collection));
  const joinOf = (doc: OverlaidDocument) => {
    const join = byCollection.get(doc.collection)?.join;
    return join && doc.scenario && !changed.has(join.collection) ? join : undefined;
  };
  const wanted = new Map<string, Set<string>>();
  for (const doc of overlay) {
    const join = joinOf(doc);
    if (join)
      wanted.set(join.collection, (wanted.get(join.collection) ?? new Set()).add(join.idOf(doc.scenario!)));
  }
  const joined = new Map([...wanted].map(([collection, ids]) => [collection, [...ids]]));
  if (wanted.size === 0) return { overlay: [...overlay], joined };
  const read = new Map(
    await Promise.all(
      [...joined].map(
        async ([collection, ids]) => [collection, await live.getMany(collection, ids)] as const,
      ),
    ),
  );
  const joinedDoc = (collection: string, id: string): Fields | null => {
    const stored = read.get(collection)?.get(id);
    return stored && !isTombstone(stored) ? (fieldsOf(stored) as Fields) : null;
  };
  return {
    overlay: overlay.map((doc) => {
      const join = joinOf(doc);
      if (!join) return doc;
      const joined = joinedDoc(join.collection, join.idOf(doc.scenario!));
      return { ...doc, scenario: { ...doc.scenario, ...join.derive(doc.scenario!, joined) } };
    }),
    joined,
  };
};
