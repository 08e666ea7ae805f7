import { quote, quoteName } from './sqlite-query';
import { versionsTable } from './sqlite-tables';

/*
 * The SQL that moves a collection's versions into its archive (docs/design/version-archive.md): the
 * store's connection runs it on demand (`archiveNow`), the background thread after the commits.
 * `store` and `archive` name the two files as the connection running it has them attached.
 */

/** Where a cleared collection's versions end: those numbered up to it are gone from its past. */
export const floorOf = (store: string, collection: string) =>
  `(SELECT coalesce(max(floor), 0) FROM ${store}.archive_floors WHERE collection = ${quote(collection)})`;

/** The number of the last version the collection's table in the file `schema` holds (0 for none). */
export const lastVersion = (schema: string, collection: string) =>
  `(SELECT coalesce(max(vid), 0) FROM ${schema}.${versionsTable(collection)})`;

export interface ArchiveJob {
  /** Copies the versions after the archive's last (and after the floor), in order, at most `limit`. */
  readonly copy: string;
  /** Drops what the archive holds of a cleared past. */
  readonly collect: string;
}

export const archiveJob = (
  collection: string,
  columns: readonly string[],
  names: { readonly store: string; readonly archive: string },
  limit?: number,
): ArchiveJob => {
  const table = versionsTable(collection);
  const list = columns.map(quoteName).join(', ');
  const after = `max(${floorOf(names.store, collection)}, ${lastVersion(names.archive, collection)})`;
  return {
    copy:
      `INSERT INTO ${names.archive}.${table} (${list}) SELECT ${list} FROM ${names.store}.${table} ` +
      `WHERE vid > ${after} ORDER BY vid${limit === undefined ? '' : ` LIMIT ${Math.trunc(limit)}`}`,
    collect: `DELETE FROM ${names.archive}.${table} WHERE vid <= ${floorOf(names.store, collection)}`,
  };
};
