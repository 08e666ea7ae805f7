import { Get } from '@nestjs/common';
import { notFound } from '@fahrplan/contracts';
import type { ApplicationView, Page, ProjectOfApplication } from '@fahrplan/contracts';
import { visibleFilters } from '../groups/visible-groups';
import type { GroupDoc } from '../groups/groups.projection';
import { pageAnswer, pageOf, pageRequest, sortRequest, sortedPage } from '../http/paging';
import type { SortKey } from '../http/paging';
import { findByName, requireView, searchFilter, strip } from '../http/query-helpers';
import { numbers, single } from '../http/query-params';
import type { QueryParams } from '../http/query-params';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { byOptional } from '../projections/sort-keys';
import { isTombstone } from '../read-store/read-store';
import type { ReadDocument } from '../read-store/read-store';
import { optionalApplicationSorts } from './applications.projection';
import type { ApplicationDoc } from './applications.projection';

/** The catalogue's sorts (`?sort=`), by name unless asked otherwise. */
export const applicationSorts: Readonly<Record<string, SortKey>> = {
  name: { fields: ['_name'] },
  ...Object.fromEntries(optionalApplicationSorts.map((name) => [name, byOptional(name)])),
};

/** The store filter and order of GET /api/applications' parameters (`q`, `status`, `id`, `sort`). */
export const applicationsQuery = (tenant: string, query: QueryParams) => {
  const filter: Record<string, unknown> = { tenant, deleted: false, ...searchFilter(query.q) };
  const status = single('status', query.status);
  if (status) filter.status = status;
  const ids = numbers('id', query.id);
  if (ids) filter.id = { $in: ids };
  return { filter, sort: sortRequest(query.sort, applicationSorts, 'name') };
};

const view = (doc: ApplicationDoc, parentName: string | null): ApplicationView => ({ ...doc, parentName });

const isLive = (doc: ReadDocument | undefined, tenant: string): doc is ReadDocument =>
  doc !== undefined && !isTombstone(doc) && doc.tenant === tenant && doc.deleted === false;

/** The application catalogue (§2): the list, one application, and the projects that use one. */
@ReadModelController()
export class ApplicationsController extends ReadModelQueries {
  /** A page of the tenant's applications, searched, filtered and sorted in the store; parents' names for the page. */
  @Get('applications')
  async applications(@Asked() { principal, query }: ReadRequest): Promise<Page<ApplicationView>> {
    requireView(this.directory, principal, 'application-details');
    const { tenant } = principal;
    const request = pageRequest(query.limit, query.cursor);
    const { filter, sort } = applicationsQuery(tenant, query);
    const page = await sortedPage(this.store, 'applications', filter, sort, request);
    const docs = page.docs.map((d) => strip<ApplicationDoc>(d));
    const parents = await this.store.getMany('applications', [
      ...new Set(docs.flatMap((d) => (d.parent === null ? [] : [String(d.parent)]))),
    ]);
    const nameOf = (id: number | null) => {
      const parent = id === null ? undefined : parents.get(String(id));
      return isLive(parent, tenant) ? (parent.name as string) : null;
    };
    return pageAnswer(
      docs.map((doc) => view(doc, nameOf(doc.parent))),
      page.nextCursor,
    );
  }

  /** Numeric id first, then name (§2). */
  @Get('applications/:idOrName')
  async application(
    @Asked() { principal, params: { idOrName } }: ReadRequest<'idOrName'>,
  ): Promise<ApplicationView> {
    requireView(this.directory, principal, 'application-details');
    const byId = /^\d+$/.test(idOrName)
      ? await this.visibleApplication(principal.tenant, Number(idOrName))
      : null;
    const doc =
      byId ??
      (await findByName(
        this.store,
        'applications',
        { tenant: principal.tenant, deleted: false },
        { field: 'name', folded: '_name' },
        idOrName,
      ));
    if (!doc) throw notFound('application');
    const app = strip<ApplicationDoc>(doc);
    const parent = app.parent === null ? null : await this.visibleApplication(principal.tenant, app.parent);
    return view(app, (parent?.name as string | undefined) ?? null);
  }

  /** §2 the application's projects list: a page of the projects the tenant sees that use it, by title. */
  @Get('applications/:id/projects')
  async applicationProjects(
    @Asked() { principal, params: { id }, query }: ReadRequest<'id'>,
  ): Promise<Page<ProjectOfApplication>> {
    requireView(this.directory, principal, 'application-details');
    const { tenant } = principal;
    const request = pageRequest(query.limit, query.cursor);
    const app = /^\d+$/.test(id) ? await this.visibleApplication(tenant, Number(id)) : null;
    if (!app) throw notFound('application');
    const filters = visibleFilters(tenant, { deleted: false, applications: app.id });
    const page = await pageOf(this.store, 'groups', filters, [['_title', 1]], request);
    return pageAnswer(
      page.docs.map((d) => {
        const g = strip<GroupDoc>(d);
        return {
          id: g.id,
          title: g.title,
          status: g.status,
          phase: g.phase,
          end: g.end,
          shared: g.tenant !== tenant,
          tenant: g.tenant,
          group: g.id,
        };
      }),
      page.nextCursor,
    );
  }

  /** An application of the tenant by id, read by its key; null when unknown, another tenant's or deleted. */
  private async visibleApplication(tenant: string, id: number): Promise<ReadDocument | null> {
    const doc = Number.isSafeInteger(id) ? await this.store.get('applications', String(id)) : null;
    return doc && isLive(doc, tenant) ? doc : null;
  }
}
