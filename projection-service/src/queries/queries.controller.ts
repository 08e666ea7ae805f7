import { Controller, Get, Inject, Param, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import {
  can,
  countWorkingDays,
  notFound,
  priority,
  notPermitted,
  serverDateSchema,
  validationError,
  workingDays,
} from '@fahrplan/contracts';
import type {
  ApplicationView,
  GoalView,
  GroupDetailsView,
  GroupGoalView,
  GroupView,
  ProjectOfApplication,
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
import type { GroupDoc } from '../projections/groups.projection';
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

/** A whole-number query parameter, or a 400 naming it. */
const integer = (name: string, value: string | string[] | undefined): number | undefined => {
  const text = single(name, value);
  if (text === undefined || text === '') return undefined;
  if (!/^\d{1,9}$/.test(text))
    throw validationError(`the query parameter ${name} must be a whole number`, [
      { field: name, message: 'a whole number' },
    ]);
  return Number(text);
};

/** §9 working days in [start, end); null without both dates or outside the calendar's years. */
const durationOf = (start: string | null, end: string | null): number | null => {
  if (!start || !end) return null;
  try {
    return countWorkingDays(start, end);
  } catch {
    return null;
  }
};

const byTitle = (a: { title: string }, b: { title: string }) =>
  a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) || 0;

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
    return {
      ...this.view(app, (parent?.name as string | undefined) ?? null),
      projects: await this.projectsOf(principal.tenant, app.id),
    };
  }

  /** §2 the application's projects list: the tenant's projects that use it. */
  @Get('applications/:id/projects')
  async applicationProjects(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<ProjectOfApplication[]> {
    this.require(principal, 'application-details');
    const app = /^\d+$/.test(id) ? await this.visibleApplication(principal.tenant, Number(id)) : null;
    if (!app) throw notFound('application');
    return this.projectsOf(principal.tenant, app.id as number);
  }

  /** The portfolio (§2): the tenant's projects, filtered; priority and duration computed here. */
  @Get('groups')
  async groups(
    @CurrentPrincipal() principal: Principal,
    @Query('q') q?: string | string[],
    @Query('status') status?: string | string[],
    @Query('phase') phase?: string | string[],
    @Query('health') health?: string | string[],
    @Query('resource') resource?: string | string[],
    @Query('application') application?: string | string[],
  ): Promise<GroupView[]> {
    this.require(principal, 'group-details');
    const filter: Record<string, unknown> = { tenant: principal.tenant, deleted: false };
    const equal = {
      status: integer('status', status),
      phase: integer('phase', phase),
      healthStatus: integer('health', health),
      resource: integer('resource', resource),
      applications: integer('application', application),
    };
    for (const [field, value] of Object.entries(equal)) if (value !== undefined) filter[field] = value;
    const text = single('q', q)?.trim().slice(0, 200);
    if (text) {
      const pattern = { $regex: escapeRegex(text), $options: 'i' };
      filter.$or = ['title', 'shortname', 'description', 'contact', 'projectNr'].map((f) => ({
        [f]: pattern,
      }));
    }
    const docs = (await this.store.find('groups', filter)).map((d) => strip<GroupDoc>(d));
    const titles = await this.groupTitles(principal.tenant);
    return docs.sort(byTitle).map((doc) => this.groupView(doc, titles));
  }

  /** Numeric id first, then title (§2); own projects only until shares can be accepted. */
  @Get('groups/:idOrName')
  async group(
    @CurrentPrincipal() principal: Principal,
    @Param('idOrName') idOrName: string,
  ): Promise<GroupDetailsView> {
    this.require(principal, 'group-details');
    const doc = await this.findGroup(principal.tenant, idOrName);
    const subprojects = await this.store.find(
      'groups',
      { tenant: principal.tenant, deleted: false, parent: doc.id },
      { sort: { title: 1 } },
    );
    const parent = doc.parent === null ? null : await this.visibleGroup(principal.tenant, doc.parent);
    const titles = new Map(parent ? [[parent.id as number, parent.title as string]] : []);
    return {
      ...this.groupView(doc, titles),
      subprojects: subprojects.map((s) => ({ id: s.id as number, title: s.title as string })),
    };
  }

  /** §3 project goals: the project's goal values with their goals. */
  @Get('groups/:idOrName/goals')
  async groupGoals(
    @CurrentPrincipal() principal: Principal,
    @Param('idOrName') idOrName: string,
  ): Promise<GroupGoalView[]> {
    this.require(principal, 'group-details');
    const doc = await this.findGroup(principal.tenant, idOrName);
    const goals = new Map((await this.goals(principal)).map((g) => [g.id, g]));
    return doc.goals.map(({ goalId, value }) => ({
      id: `${doc.id}-${goalId}`,
      goalId,
      groupId: doc.id,
      value,
      goal: goals.get(goalId) ?? null,
    }));
  }

  @Get('goals')
  async goals(@CurrentPrincipal() principal: Principal): Promise<GoalView[]> {
    this.require(principal, 'group-details');
    const docs = await this.store.find('goals', { tenant: principal.tenant }, { sort: { rank: 1, id: 1 } });
    return docs.map((d) => strip<GoalView>(d));
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

  /** A project of the tenant by numeric id, else by title (case-insensitive, lowest id); 404 otherwise. */
  private async findGroup(tenant: string, idOrName: string): Promise<GroupDoc> {
    const byId = /^\d+$/.test(idOrName) ? await this.visibleGroup(tenant, Number(idOrName)) : null;
    const [doc] = byId
      ? [byId]
      : await this.store.find(
          'groups',
          { tenant, deleted: false, title: { $regex: `^${escapeRegex(idOrName)}$`, $options: 'i' } },
          { sort: { id: 1 }, limit: 1 },
        );
    if (!doc) throw notFound('group');
    return strip<GroupDoc>(doc);
  }

  private async visibleGroup(tenant: string, id: number): Promise<ReadDocument | null> {
    const doc = Number.isSafeInteger(id) ? await this.store.get('groups', String(id)) : null;
    return doc && doc.tenant === tenant && doc.deleted === false ? doc : null;
  }

  private async groupTitles(tenant: string): Promise<Map<number, string>> {
    const docs = await this.store.find('groups', { tenant, deleted: false });
    return new Map(docs.map((d) => [d.id as number, d.title as string]));
  }

  private async projectsOf(tenant: string, application: number): Promise<ProjectOfApplication[]> {
    const docs = await this.store.find('groups', { tenant, deleted: false, applications: application });
    return docs
      .map((d) => strip<GroupDoc>(d))
      .sort(byTitle)
      .map((g) => ({
        id: g.id,
        title: g.title,
        status: g.status,
        phase: g.phase,
        end: g.end,
        shared: false,
        tenant: g.tenant,
        group: g.id,
      }));
  }

  private groupView(doc: GroupDoc, titles: Map<number, string>): GroupView {
    let computed = 0;
    try {
      computed = priority(doc.metrics ?? []);
    } catch {
      // a recorded metric outside today's scale counts as no rating rather than failing the portfolio
    }
    return {
      ...doc,
      shared: false,
      priority: computed,
      duration: durationOf(doc.start, doc.end),
      parentTitle: doc.parent === null ? null : (titles.get(doc.parent) ?? null),
    };
  }

  private view(doc: ApplicationDoc, parentName: string | null): ApplicationView {
    return { ...doc, parentName, projects: [] };
  }
}
