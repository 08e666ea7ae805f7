import type {
  ProjectShared,
  ShareAction,
  ShareHistoryEntry,
  ShareRecordStatus,
  StoredEvent,
} from '@fahrplan/contracts';
import { withDerived } from '../projections/projection';
import type { Projection } from '../projections/projection';

/**
 * One project share between the owning tenant and a receiving tenant, with its whole history: the
 * requests and decisions of both sides (GET /api/shares). A share that ended (DECLINED, REVOKED) keeps
 * its document; sharing the same project with the same tenant again continues it.
 */
export interface ShareDoc {
  readonly project: number;
  /** The owning tenant, like every read model's `tenant`. */
  readonly tenant: string;
  /** The receiving tenant. */
  readonly receiver: string;
  readonly status: ShareRecordStatus;
  readonly history: readonly ShareHistoryEntry[];
}

const statusAfter: Record<ShareAction, ShareRecordStatus> = {
  REQUESTED: 'PENDING',
  ACCEPTED: 'ACCEPTED',
  DECLINED: 'DECLINED',
  REVOKED: 'REVOKED',
};

const actionOf: Record<string, ShareAction> = {
  ProjectShared: 'REQUESTED',
  ProjectShareAccepted: 'ACCEPTED',
  ProjectShareDeclined: 'DECLINED',
  ProjectUnshared: 'REVOKED',
};

/**
 * Who acted: the owner's user for a request or a revocation; for a decision, taken on the owner's
 * stream, the receiving tenant's user, which the command service records as `user@tenant`.
 */
const actor = (event: StoredEvent, action: ShareAction, receiver: string) => {
  if (action === 'REQUESTED' || action === 'REVOKED')
    return { user: event.metadata.user, tenant: event.metadata.tenant };
  const suffix = `@${receiver}`;
  const { user } = event.metadata;
  return { user: user.endsWith(suffix) ? user.slice(0, -suffix.length) : user, tenant: receiver };
};

const projectedShares: Projection<ShareDoc> = {
  collection: 'shares',
  version: 2,
  handles: Object.keys(actionOf),
  documentId: (event) => {
    const { id, tenant } = event.data as ProjectShared['data'];
    return `${id}:${tenant}`;
  },
  // GET /api/shares: the tenant's outgoing shares and its incoming ones, all or by status, the latest
  // change first
  indexes: [
    { tenant: 1, _lastChange: -1, project: 1, _id: 1 },
    { receiver: 1, _lastChange: -1, project: 1, _id: 1 },
    { tenant: 1, status: 1, _lastChange: -1, project: 1, _id: 1 },
    { receiver: 1, status: 1, _lastChange: -1, project: 1, _id: 1 },
  ],
  evolve: (doc, event: StoredEvent) => {
    const action = actionOf[event.type];
    if (!action) return doc;
    const { id, tenant: receiver } = event.data as ProjectShared['data'];
    // a decision or revocation without a request on record changes nothing
    if (!doc && action !== 'REQUESTED') return doc;
    const entry: ShareHistoryEntry = {
      action,
      at: event.metadata.timestamp,
      ...actor(event, action, receiver),
    };
    return {
      project: id,
      tenant: doc?.tenant ?? event.metadata.tenant,
      receiver,
      status: statusAfter[action],
      history: [...(doc?.history ?? []), entry],
    };
  },
};

/** The instant of a share's last request or decision: its list's order (issue 17). */
export const shareKeys = (doc: ShareDoc) => ({ _lastChange: doc.history.at(-1)?.at ?? '' });

export const sharesProjection = withDerived(projectedShares, shareKeys);
