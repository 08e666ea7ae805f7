import type {
  ImportRecord,
  ImportWants,
  ImportableSheetKind,
  RefRecord,
  SheetRefKind,
} from '@fahrplan/contracts';

/**
 * Issue 23: what an import matches its rows against, read from the read models (the log holds no
 * index of records by name): the tenant's own records of the kind by id and by name, and the
 * records the cells refer to by name or `#<id>`. The composition root provides it over the read store.
 */
export interface ImportRecords {
  /** The tenant's records of `kind` with one of `ids` (deleted ones too), or a live one named one of `names`. */
  records(kind: ImportableSheetKind, tenant: string, wants: ImportWants): Promise<ImportRecord[]>;
  /** The tenant's live records of `ref` with one of the ids or names. */
  refs(ref: SheetRefKind, tenant: string, wants: ImportWants): Promise<RefRecord[]>;
}

export const IMPORT_RECORDS = Symbol('IMPORT_RECORDS');
