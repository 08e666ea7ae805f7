import equal from 'fast-deep-equal';
import { z } from 'zod';
import type { Page } from '../read-models';
import type { HistoryCategory } from './history-categories';
import type { ReferenceCategory, ReferenceName } from './history-refs';

/*
 * Issue 8: the history of a record and its view as of a date. A record's history is its stream read
 * back event by event: each event's effect on the record as users see it (the read-model document),
 * as field-level before → after differences.
 */

export { historyCategories } from './history-categories';
export type { HistoryCategory } from './history-categories';

/** One field an event changed; a field that did not exist before (or no longer does) is `null` there. */
export interface HistoryChange {
  readonly field: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** One change of a record: one event. */
export interface HistoryRow {
  /** Global position of the event: what `?asOf` folds up to. */
  readonly position: number;
  /** The stream and its revision (the record's version after this change). */
  readonly stream: string;
  readonly revision: number;
  /** ISO date-time the change was decided at. */
  readonly at: string;
  /** Who: the username, `system`, or `user@tenant` for a decision of a sharing tenant. */
  readonly user: string;
  /** The command that decided the event (absent on events written before commands were recorded). */
  readonly command: string | null;
  readonly event: string;
  /** Where a change came from when not typed by a person: a flow step, sharing, tracker mirroring, provisioning. */
  readonly source: string | null;
  readonly changes: readonly HistoryChange[];
  /**
   * The record whose event this is when it is not the row's own (`stream` is that record's): a
   * project's deletion or restore, which takes its items along without events of their own (issue 19).
   */
  readonly via?: { readonly category: ReferenceCategory; readonly id: number };
}

/**
 * One page of a record's history (GET /api/history/<category>/<id>?limit=&cursor=), newest first: the
 * rows (`items`) and the cursor of the next page, null after the last.
 */
export interface HistoryPage extends Page<HistoryRow> {
  readonly category: HistoryCategory;
  readonly id: string;
  /** Rows matching the filters, over all pages. */
  readonly total: number;
  /** Every field and every user of the whole history, for the filters. */
  readonly fields: readonly string[];
  readonly users: readonly string[];
  /**
   * The records this page's rows refer to (`referenceKey` → the names each had over the page's
   * positions), for those the caller may see (issue 19).
   */
  readonly refs?: Readonly<Record<string, readonly ReferenceName[]>>;
}

/** The filters of GET /api/history/<category>/<id> (its `limit` and `cursor` page as every list does). */
export const historyQuerySchema = z.strictObject({
  field: z.string().trim().min(1).max(100).optional(),
  user: z.string().trim().min(1).max(200).optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** Fields that are bookkeeping, not content: never shown as a change. */
const bookkeeping: ReadonlySet<string> = new Set(['version', 'tenant', 'id', '_id', '_position']);

/** Fields whose values are never shown, whatever record holds them (hashes, sealed secrets). */
export const redactedField = (field: string): boolean => /password|hash|secret|token/i.test(field);
export const REDACTED = '••••••';

/** The fields that differ between two states of a record, in the order of the later state. */
export const diffRecords = (
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
): HistoryChange[] => {
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  return fields.flatMap((field) => {
    // `_`-fields are what the read store derives for its queries (sort keys, search texts)
    if (bookkeeping.has(field) || field.startsWith('_')) return [];
    const [old, next] = [before?.[field], after?.[field]];
    if (equal(old ?? null, next ?? null)) return [];
    if (redactedField(field))
      return [{ field, before: old == null ? null : REDACTED, after: next == null ? null : REDACTED }];
    return [{ field, before: old ?? null, after: next ?? null }];
  });
};

/** `?asOf=`: an ISO date-time with an offset (or Z). */
export const asOfSchema = z.iso.datetime({ offset: true });

/** X-Fahrplan-Source of a console flow's command: `flow:<flow>/<step>`, 1–40 characters each. */
export const flowSourcePattern = /^flow:[a-z0-9-]{1,40}\/[a-z0-9-]{1,40}$/;

/** The JSON event log of a project's history export: what a downstream system replays. */
export interface ExportedEvent {
  readonly stream: string;
  readonly revision: number;
  readonly position: number;
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: Readonly<Record<string, unknown>>;
}
