import type { ShareAction, ShareHistoryEntry, ShareRecordStatus, ShareView } from '@fahrplan/contracts';
import { formatDateTime } from '../common/dateTime';

/** Shares received by the tenant (GET /api/shares?direction=incoming). */
export interface IncomingShares {
  readonly incoming: readonly ShareView[];
}

/** The incoming shares waiting for this tenant's decision: the navigation's badge. */
export const pendingIncoming = (view: IncomingShares | undefined): number =>
  view?.incoming.filter((s) => s.status === 'PENDING').length ?? 0;

/** A share's row key: one share per project and receiving tenant. */
export const shareKey = (share: Pick<ShareView, 'project' | 'tenant'>): string =>
  `${share.project}:${share.tenant}`;

export const statusColour: Record<ShareRecordStatus, string> = {
  PENDING: 'yellow',
  ACCEPTED: 'green',
  DECLINED: 'gray',
  REVOKED: 'red',
};

const verbs: Record<ShareAction, string> = {
  REQUESTED: 'shared',
  ACCEPTED: 'accepted',
  DECLINED: 'declined',
  REVOKED: 'revoked',
};

/** 'DD.MM.YYYY HH:mm' of an ISO timestamp, in the browser's time zone. */
export const historyTime = (at: string): string => formatDateTime(at);

/** One history line: who of which tenant did what ('alice (demo) shared'). */
export const historyLine = (entry: ShareHistoryEntry): string =>
  `${entry.user} (${entry.tenant}) ${verbs[entry.action]}`;

/** The title to show: an incoming share that ended names no project any more. */
export const shareTitle = (share: ShareView): string => share.title ?? `project #${share.project}`;
