import type {
  ShareAction,
  ShareHistoryEntry,
  ShareRecordStatus,
  SharesView,
  ShareView,
} from '@fahrplan/contracts';

/** The incoming shares waiting for this tenant's decision: the navigation's badge. */
export const pendingIncoming = (view: SharesView | undefined): number =>
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
export const historyTime = (at: string): string => {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return at;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}.${two(d.getMonth() + 1)}.${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
};

/** One history line: who of which tenant did what ('alice (demo) shared'). */
export const historyLine = (entry: ShareHistoryEntry): string =>
  `${entry.user} (${entry.tenant}) ${verbs[entry.action]}`;

/** The title to show: an incoming share that ended names no project any more. */
export const shareTitle = (share: ShareView): string => share.title ?? `project #${share.project}`;
