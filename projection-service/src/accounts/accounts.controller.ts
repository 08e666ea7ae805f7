import { Get, Param } from '@nestjs/common';
import { notFound } from '@fahrplan/contracts';
import type { AccountView } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { ownerOf } from '../groups/visible-groups';
import { requireView, strip } from '../http/query-helpers';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';

/** A finance account with its entries: the tenant's, or of a project shared with it and accepted. */
@ReadModelController()
export class AccountsController extends ReadModelQueries {
  @Get('accounts/:id')
  async account(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<AccountView> {
    requireView(this.directory, principal, 'application-details');
    const doc = /^\d+$/.test(id) ? await this.store.get('accounts', id) : null;
    if (!doc) throw notFound('account');
    const owner =
      doc.refType === 'group'
        ? await ownerOf(this.store, principal.tenant, 'PROJECT', doc.refId as number)
        : null;
    if (doc.tenant !== principal.tenant && doc.tenant !== owner) throw notFound('account');
    return strip<AccountView>(doc);
  }
}
