import { Get, Param } from '@nestjs/common';
import { notFound } from '@fahrplan/contracts';
import type { ResourceView } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { requireView } from '../http/query-helpers';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import type { ReadDocument } from '../read-store/read-store';

const view = (doc: ReadDocument): ResourceView => ({
  id: doc.id as number,
  name: doc.name as string,
  version: doc.version as number,
});

/** §3 resources: what projects and items are assigned to. */
@ReadModelController()
export class ResourcesController extends ReadModelQueries {
  /** Whoever sees items or projects picks their resources (§2 Details: resource). */
  @Get('resources')
  async resources(@CurrentPrincipal() principal: Principal): Promise<ResourceView[]> {
    requireView(this.directory, principal, 'items', 'group-details');
    const docs = await this.store.find(
      'resources',
      { tenant: principal.tenant, deleted: false },
      { sort: { name: 1 } },
    );
    // the stores sort by code unit; people expect 'anna' beside 'Anna'
    return docs
      .map(view)
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id);
  }

  @Get('resources/:id')
  async resource(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ResourceView> {
    requireView(this.directory, principal, 'items', 'group-details');
    const doc = /^\d{1,15}$/.test(id) ? await this.store.get('resources', id) : null;
    if (!doc || doc.tenant !== principal.tenant || doc.deleted !== false) throw notFound('resource');
    return view(doc);
  }
}
