/**
 * What the shares read model reports (GET /api/shares): the two live states of the aggregate, and how a
 * share ended: DECLINED by the receiving tenant, REVOKED by the owner (UnshareProject). An ended share no
 * longer counts, and the project can be shared with that tenant again.
 */
export const shareRecordStatuses = ['PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED'] as const;
export type ShareRecordStatus = (typeof shareRecordStatuses)[number];

/** A step of a share's life: the owner requests and revokes, the receiving tenant accepts or declines. */
export const shareActions = ['REQUESTED', 'ACCEPTED', 'DECLINED', 'REVOKED'] as const;
export type ShareAction = (typeof shareActions)[number];

/** One request or decision in a share's history: what, when, and who (user and tenant). */
export interface ShareHistoryEntry {
  readonly action: ShareAction;
  /** ISO timestamp of the event. */
  readonly at: string;
  readonly user: string;
  readonly tenant: string;
}

/**
 * A project share as GET /api/shares answers it, for the owning and for the receiving tenant. The
 * receiving tenant sees the project's title while the share is PENDING (to decide) or ACCEPTED, and
 * nothing of the project once the share ended (title null).
 */
export interface ShareView {
  readonly project: number;
  readonly title: string | null;
  /** The owning tenant. */
  readonly owner: string;
  /** The receiving tenant. */
  readonly tenant: string;
  readonly status: ShareRecordStatus;
  /** Every request and decision, oldest first. */
  readonly history: readonly ShareHistoryEntry[];
}
