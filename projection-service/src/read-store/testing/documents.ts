import type { DocumentWrite, ReadDocument } from '../read-store';

let lastPosition = 0;

/** The next position of the contract's writes: every call a higher one. */
export const nextPosition = (): number => (lastPosition += 1);

/** A stored application document; `_position` grows with every call unless given. */
export const aDoc = (id: string, fields: Record<string, unknown> = {}): ReadDocument => ({
  _id: id,
  _position: nextPosition(),
  tenant: 'acme',
  name: `Application ${id}`,
  deleted: false,
  ...fields,
});

/** The write that stores `doc` as it is. */
export const putOf = (collection: string, { _id, _position, ...document }: ReadDocument): DocumentWrite => ({
  collection,
  id: _id,
  position: _position,
  document,
});

export const deleteOf = (collection: string, id: string, position: number): DocumentWrite => ({
  collection,
  id,
  position,
  document: null,
});
