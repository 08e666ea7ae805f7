import { Get, Param, Query } from '@nestjs/common';
import { notFound } from '@fahrplan/contracts';
import type { ApplicationView, ProjectOfApplication } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { byTitle, visibleGroups } from '../groups/visible-groups';
import { escapeRegex, requireView, strip } from '../http/query-helpers';
import { single } from '../http/query-params';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import type { ReadDocument } from '../read-store/read-store';
import type { ApplicationDoc } from './applications.projection';

/** What the catalogue's search looks in. */
const searched = ['name', 'shortname', 'release', 'assetNr', 'description', 'contact', 'vendor', 'provider'];

const view = (doc: ApplicationDoc, parentName: string | null): ApplicationView => ({
  ...doc,
  parentName,
  projects: [],
});

/** The application catalogue (§2): the list, one application with its projects, and those projects. */
@ReadModelController()
export class ApplicationsController extends ReadModelQueries {
  @Get('applications')
  async applications(
    @CurrentPrincipal() principal: Principal,
    @Query('q') q?: string | string[],
    @Query('status') status?: string | string[],
  ): Promise<ApplicationView[]> {
    requireView(this.directory, principal, 'application-details');
    const text = single('q', q)?.trim().slice(0, 200);
    const filter: Record<string, unknown> = { tenant: principal.tenant, deleted: false };
    if (status) filter.status = single('status', status);
    if (text) {
      const pattern = { $regex: escapeRegex(text), $options: 'i' };
      filter.$or = searched.map((f) => ({ [f]: pattern }));
    }
    const docs = (await this.store.find('applications', filter)).map((d) => strip<ApplicationDoc>(d));
    const names = await this.names(principal.tenant);
    return docs
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
      .map((doc) => view(doc, doc.parent === null ? null : (names.get(doc.parent) ?? null)));
  }

  /** Numeric id first, then name (§2). */
  @Get('applications/:idOrName')
  async application(
    @CurrentPrincipal() principal: Principal,
    @Param('idOrName') idOrName: string,
  ): Promise<ApplicationView> {
    requireView(this.directory, principal, 'application-details');
    const byId = /^\d+$/.test(idOrName)
      ? await this.visibleApplication(principal.tenant, Number(idOrName))
      : null;
    const [doc] = byId
      ? [byId]
      : await this.store.find(
          'applications',
          {
            tenant: principal.tenant,
            deleted: false,
            name: { $regex: `^${escapeRegex(idOrName)}$`, $options: 'i' },
          },
          { sort: { id: 1 }, limit: 1 },
        );
    if (!doc) throw notFound('application');
    const app = strip<ApplicationDoc>(doc);
    const parent = app.parent === null ? null : await this.visibleApplication(principal.tenant, app.parent);
    return {
      ...view(app, (parent?.name as string | undefined) ?? null),
      projects: await this.projectsOf(principal.tenant, app.id),
    };
  }

  /** §2 the application's projects list: the tenant's projects that use it. */
  @Get('applications/:id/projects')
  async applicationProjects(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<ProjectOfApplication[]> {
    requireView(this.directory, principal, 'application-details');
    const app = /^\d+$/.test(id) ? await this.visibleApplication(principal.tenant, Number(id)) : null;
    if (!app) throw notFound('application');
    return this.projectsOf(principal.tenant, app.id as number);
  }

  private async names(tenant: string): Promise<Map<number, string>> {
    const docs = await this.store.find('applications', { tenant, deleted: false });
    return new Map(docs.map((d) => [d.id as number, d.name as string]));
  }

  /** An application of the tenant by id, read by its key; null when unknown, another tenant's or deleted. */
  private async visibleApplication(tenant: string, id: number): Promise<ReadDocument | null> {
    const doc = Number.isSafeInteger(id) ? await this.store.get('applications', String(id)) : null;
    return doc && doc.tenant === tenant && doc.deleted === false ? doc : null;
  }

  private async projectsOf(tenant: string, application: number): Promise<ProjectOfApplication[]> {
    const docs = await visibleGroups(this.store, tenant, { deleted: false, applications: application });
    return docs.sort(byTitle).map((g) => ({
      id: g.id,
      title: g.title,
      status: g.status,
      phase: g.phase,
      end: g.end,
      shared: g.tenant !== tenant,
      tenant: g.tenant,
      group: g.id,
    }));
  }
}
