import { Controller, Get, Inject, Param, UseGuards, UseInterceptors } from '@nestjs/common';
import { notFound } from '@fahrplan/contracts';
import type { ResourceView } from '@fahrplan/contracts';
import { AuthGuard, CurrentPrincipal, DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import type { ReadDocument, ReadStore } from '../read-store/read-store';
import { requireView } from './query-helpers';
import { ReadYourWritesInterceptor } from './read-your-writes.interceptor';
import { AsOfInterceptor } from '../as-of/as-of.interceptor';
import { READ_STORE } from './tokens';

const view = (doc: ReadDocument): ResourceView => ({
  id: doc.id as number,
  name: doc.name as string,
  version: doc.version as number,
});

/** §3 resources: what projects and items are assigned to. */
@Controller('api')
@UseGuards(AuthGuard)
@UseInterceptors(ReadYourWritesInterceptor, AsOfInterceptor)
export class ResourceQueriesController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
  ) {}

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
