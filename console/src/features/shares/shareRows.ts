import type { ShareAction, ShareHistoryEntry, ShareRecordStatus, ShareView } from '@fahrplan/contracts';
import type { TFunction } from 'i18next';
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

/** A share's status as its badge says it. */
export const statusLabel = (status: ShareRecordStatus, t: TFunction): string => {
  switch (status) {
    case 'PENDING':
      return t('shares:status.pending');
    case 'ACCEPTED':
      return t('shares:status.accepted');
    case 'DECLINED':
      return t('shares:status.declined');
    case 'REVOKED':
      return t('shares:status.revoked');
  }
};

type Who = { user: string; tenant: string };
const lines: Record<ShareAction, (who: Who, t: TFunction) => string> = {
  REQUESTED: (who, t) => t('shares:historyLine.requested', who),
  ACCEPTED: (who, t) => t('shares:historyLine.accepted', who),
  DECLINED: (who, t) => t('shares:historyLine.declined', who),
  REVOKED: (who, t) => t('shares:historyLine.revoked', who),
};

/** 'DD.MM.YYYY HH:mm' of an ISO timestamp, in the browser's time zone. */
export const historyTime = (at: string): string => formatDateTime(at);

/** One history line: who of which tenant did what ('alice (demo) shared'). */
export const historyLine = (entry: ShareHistoryEntry, t: TFunction): string =>
  lines[entry.action]({ user: entry.user, tenant: entry.tenant }, t);

/** The title to show: an incoming share that ended names no project any more. */
export const shareTitle = (share: ShareView, t: TFunction): string =>
  share.title ?? t('shares:untitled', { id: share.project });
