import { Controller, Get, Inject, Param, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import {
  can,
  notFound,
  notPermitted,
  serverDateSchema,
  validationError,
  workingDays,
} from '@fahrplan/contracts';
import type {
  ApplicationView,
  CommentView,
  AccountView,
  MeView,
  PermissionResource,
  WorkingDays,
} from '@fahrplan/contracts';
import { AuthGuard, CurrentPrincipal, DIRECTORY, DirectoryCache, meView } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { z } from 'zod';
import type { ReadDocument, ReadStore } from '../read-store/read-store';
import type { ApplicationDoc } from '../projections/applications.projection';
import { ReadYourWritesInterceptor } from './read-your-writes.interceptor';
import { READ_STORE } from './tokens';

const strip = <T>(doc: ReadDocument): T => {
  const { _id, _position, ...rest } = doc;
  return rest as T;
};
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Express hands a repeated query parameter (`?q=a&q=b`) over as an array: refuse it instead of failing on it. */
const single = (name: string, value: string | string[] | undefined): string | undefined => {
  if (!Array.isArray(value)) return value;
  throw validationError(`the query parameter ${name} may be given only once`, [
    { field: name, message: 'only once' },
  ]);
};

@Controller('api')
@UseGuards(AuthGuard)
@UseInterceptors(ReadYourWritesInterceptor)
export class QueriesController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
  ) {}

  @Get('me')
  me(@CurrentPrincipal() principal: Principal): MeView {
    return meView(this.directory, principal.tenant, principal.username);
  }

  @Get('applications')
  async applications(
    @CurrentPrincipal() principal: Principal,
    @Query('q') q?: string | string[],
    @Query('status') status?: string | string[],
  ): Promise<ApplicationView[]> {
    this.require(principal, 'application-details');
    const text = single('q', q)?.trim().slice(0, 200);
    const filter: Record<string, unknown> = { tenant: principal.tenant, deleted: false };
    if (status) filter.status = single('status', status);
    if (text) {
      const pattern = { $regex: escapeRegex(text), $options: 'i' };
      filter.$or = [
        'name',
        'shortname',
        'release',
        'assetNr',
        'description',
        'contact',
        'vendor',
        'provider',
      ].map((f) => ({ [f]: pattern }));
    }
    const docs = (await this.store.find('applications', filter)).map((d) => strip<ApplicationDoc>(d));
    const names = await this.names(principal.tenant);
    return docs
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
      .map((doc) => this.view(doc, doc.parent === null ? null : (names.get(doc.parent) ?? null)));
  }

  /** Numeric id first, then name (§2). */
  @Get('applications/:idOrName')
  async application(
    @CurrentPrincipal() principal: Principal,
    @Param('idOrName') idOrName: string,
  ): Promise<ApplicationView> {
    this.require(principal, 'application-details');
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
    return this.view(app, (parent?.name as string | undefined) ?? null);
  }

  @Get('comments')
  async comments(
    @CurrentPrincipal() principal: Principal,
    @Query('refType') refTypes: string | string[],
    @Query('refId') refIds: string | string[],
  ): Promise<CommentView[]> {
    this.require(principal, 'application-details');
    const refType = single('refType', refTypes);
    const refId = single('refId', refIds);
    if (!refType || !/^\d+$/.test(refId ?? ''))
      throw validationError('refType and a numeric refId are required');
    const docs = await this.store.find(
      'comments',
      { tenant: principal.tenant, refType, refId: Number(refId) },
      { sort: { createdAt: 1, id: 1 } },
    );
    return docs.map((d) => strip<CommentView>(d));
  }

  @Get('accounts/:id')
  async account(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<AccountView> {
    this.require(principal, 'application-details');
    const doc = /^\d+$/.test(id) ? await this.store.get('accounts', id) : null;
    if (!doc || doc.tenant !== principal.tenant) throw notFound('account');
    return strip<AccountView>(doc);
  }

  /** From inclusive, to exclusive, like every server-side end date. */
  @Get('calendar/working-days')
  calendar(@Query('from') from: string, @Query('to') to: string): WorkingDays {
    const range = z.object({ from: serverDateSchema, to: serverDateSchema }).safeParse({ from, to });
    if (!range.success)
      throw validationError('from and to are required as YYYY-MM-DD', [
        { field: 'from', message: 'YYYY-MM-DD' },
        { field: 'to', message: 'YYYY-MM-DD' },
      ]);
    try {
      return workingDays(range.data.from, range.data.to);
    } catch (error) {
      throw validationError(error instanceof Error ? error.message : 'invalid range');
    }
  }

  private require(principal: Principal, resource: PermissionResource): void {
    const user = this.directory.user(principal.tenant, principal.username);
    if (!user || !can(user.permissions, resource, 'VIEW')) throw notPermitted();
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

  private view(doc: ApplicationDoc, parentName: string | null): ApplicationView {
    return { ...doc, parentName, projects: [] };
  }
}
