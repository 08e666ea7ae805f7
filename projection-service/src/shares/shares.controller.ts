import { Get } from '@nestjs/common';
import type { ShareView, SharesView } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { requireView, strip } from '../http/query-helpers';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { isTombstone } from '../read-store/read-store';
import type { ShareDoc } from './shares.projection';

const lastChange = (share: ShareView) => share.history.at(-1)?.at ?? '';

/** The latest change first, then by project id. */
const byLastChange = (a: ShareView, b: ShareView) =>
  lastChange(b).localeCompare(lastChange(a)) || a.project - b.project;

/**
 * Project shares (§3, §5) for both sides: what the tenant shared with others (outgoing) and what others
 * shared with it (incoming), each with its requests and decisions.
 */
@ReadModelController()
export class SharesController extends ReadModelQueries {
  @Get('shares')
  async shares(@CurrentPrincipal() principal: Principal): Promise<SharesView> {
    requireView(this.directory, principal, 'group-details');
    const { tenant } = principal;
    const [given, received] = await Promise.all([
      this.store.find('shares', { tenant }),
      this.store.find('shares', { receiver: tenant }),
    ]);
    const outgoing = given.map((d) => strip<ShareDoc>(d));
    const incoming = received.map((d) => strip<ShareDoc>(d));
    const projects = await this.store.getMany('groups', [
      ...new Set([...outgoing, ...incoming].map((s) => String(s.project))),
    ]);
    const project = (share: ShareDoc) => {
      const doc = projects.get(String(share.project));
      // a deleted project takes its shares with it, on both sides
      return doc && !isTombstone(doc) && doc.deleted === false && doc.tenant === share.tenant ? doc : null;
    };
    const view = (share: ShareDoc, title: string | null): ShareView => ({
      project: share.project,
      title,
      owner: share.tenant,
      tenant: share.receiver,
      status: share.status,
      history: share.history,
    });
    return {
      outgoing: outgoing
        .flatMap((s) => {
          const doc = project(s);
          return doc ? [view(s, doc.title as string)] : [];
        })
        .sort(byLastChange),
      // the receiving tenant sees the title to decide on a pending share and of an accepted one;
      // nothing of the project once the share ended
      incoming: incoming
        .flatMap((s) => {
          const doc = project(s);
          if (!doc) return [];
          const open = s.status === 'PENDING' || s.status === 'ACCEPTED';
          return [view(s, open ? (doc.title as string) : null)];
        })
        .sort(byLastChange),
    };
  }
}
