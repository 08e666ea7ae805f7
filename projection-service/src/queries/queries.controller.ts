import { Controller, Get, Inject, Param, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import {
  countWorkingDays,
  notFound,
  priority,
  serverDateSchema,
  subgroupsOf,
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
  WorkingDays,
} from '@fahrplan/contracts';
import { AuthGuard, CurrentPrincipal, DIRECTORY, DirectoryCache, meView } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { z } from 'zod';
import { isTombstone } from '../read-store/read-store';
import type { ReadDocument, ReadStore } from '../read-store/read-store';
import type { ApplicationDoc } from '../applications/applications.projection';
import type { AccountBudgetDoc } from '../groups/account-budgets.projection';
import { sharesOf } from '../groups/groups.projection';
import type { GroupDoc } from '../groups/groups.projection';
import { ReadYourWritesInterceptor } from './read-your-writes.interceptor';
import { AsOfInterceptor } from '../as-of/as-of.interceptor';
import { escapeRegex, requireView, single, strip, visibleGroup, visibleGroups } from './query-helpers';
import { READ_STORE } from './tokens';

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
@UseInterceptors(ReadYourWritesInterceptor, AsOfInterceptor)
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
    requireView(this.directory, principal, 'application-details');
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
    requireView(this.directory, principal, 'application-details');
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
    requireView(this.directory, principal, 'group-details');
    const filter: Record<string, unknown> = { deleted: false };
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
    const docs = await visibleGroups(this.store, principal.tenant, filter);
    const [titles, budgets] = await Promise.all([this.groupTitles(principal.tenant), this.budgets(docs)]);
    return docs.sort(byTitle).map((doc) => this.groupView(doc, principal.tenant, titles, budgets));
  }

  /**
   * Numeric id first, then title; own projects first, then those shared with the tenant and accepted
   * (§2). Subprojects and the parent are those the tenant sees.
   */
  @Get('groups/:idOrName')
  async group(
    @CurrentPrincipal() principal: Principal,
    @Param('idOrName') idOrName: string,
  ): Promise<GroupDetailsView> {
    requireView(this.directory, principal, 'group-details');
    const doc = await this.findGroup(principal.tenant, idOrName);
    const [subprojects, parent, budgets] = await Promise.all([
      visibleGroups(this.store, principal.tenant, { deleted: false, parent: doc.id }, { title: 1 }),
      doc.parent === null ? null : visibleGroup(this.store, principal.tenant, doc.parent),
      this.budgets([doc]),
    ]);
    const titles = new Map(parent ? [[parent.id as number, parent.title as string]] : []);
    return {
      ...this.groupView(doc, principal.tenant, titles, budgets),
      subprojects: subprojects.sort(byTitle).map((s) => ({ id: s.id, title: s.title })),
    };
  }

  /** §3 project goals: the project's goal values with their goals. */
  @Get('groups/:idOrName/goals')
  async groupGoals(
    @CurrentPrincipal() principal: Principal,
    @Param('idOrName') idOrName: string,
  ): Promise<GroupGoalView[]> {
    requireView(this.directory, principal, 'group-details');
    const doc = await this.findGroup(principal.tenant, idOrName);
    // the goals of the project's owner: a shared project's goals are its owner's
    const stored = await this.store.getMany(
      'goals',
      doc.goals.map((g) => String(g.goalId)),
    );
    const goals = new Map(
      [...stored.values()]
        .filter((g) => !isTombstone(g) && g.tenant === doc.tenant)
        .map((g) => [g.id as number, strip<GoalView>(g)]),
    );
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
    requireView(this.directory, principal, 'group-details');
    const docs = await this.store.find('goals', { tenant: principal.tenant }, { sort: { rank: 1, id: 1 } });
    // goals projected before they could be deleted have no flag (and no version: 0)
    return docs
      .filter((d) => d.deleted !== true)
      .map((d) => {
        const { deleted: _deleted, ...goal } = strip<GoalView & { deleted?: boolean }>(d);
        return { ...goal, version: goal.version ?? 0 };
      });
  }

  @Get('comments')
  async comments(
    @CurrentPrincipal() principal: Principal,
    @Query('refType') refTypes: string | string[],
    @Query('refId') refIds: string | string[],
  ): Promise<CommentView[]> {
    requireView(this.directory, principal, 'application-details');
    const refType = single('refType', refTypes);
    const refId = single('refId', refIds);
    if (!refType || !/^\d+$/.test(refId ?? ''))
      throw validationError('refType and a numeric refId are required');
    const docs = await this.store.find(
      'comments',
      { tenant: await this.ownerOf(principal.tenant, refType, Number(refId)), refType, refId: Number(refId) },
      { sort: { createdAt: 1, id: 1 } },
    );
    return docs.map((d) => strip<CommentView>(d));
  }

  @Get('accounts/:id')
  async account(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<AccountView> {
    requireView(this.directory, principal, 'application-details');
    const doc = /^\d+$/.test(id) ? await this.store.get('accounts', id) : null;
    if (!doc) throw notFound('account');
    const owner =
      doc.refType === 'group' ? await this.ownerOf(principal.tenant, 'PROJECT', doc.refId as number) : null;
    if (doc.tenant !== principal.tenant && doc.tenant !== owner) throw notFound('account');
    return strip<AccountView>(doc);
  }

  /**
   * The tenant whose comments or account of a record the caller reads: the owner of a project shared
   * with the caller and accepted (its finance and comments tabs are readable, §2), or of an item in
   * such a project, else the caller's.
   */
  private async ownerOf(tenant: string, refType: string, refId: number): Promise<string> {
    if (refType === 'task') {
      const item = Number.isSafeInteger(refId) ? await this.store.get('items', String(refId)) : null;
      if (!item || item.tenant === tenant) return tenant;
      const project = await visibleGroup(this.store, tenant, item.group as number);
      return project?.tenant === item.tenant ? (item.tenant as string) : tenant;
    }
    if (refType !== 'PROJECT') return tenant;
    const group = await visibleGroup(this.store, tenant, refId);
    return (group?.tenant as string | undefined) ?? tenant;
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

  private async names(tenant: string): Promise<Map<number, string>> {
    const docs = await this.store.find('applications', { tenant, deleted: false });
    return new Map(docs.map((d) => [d.id as number, d.name as string]));
  }

  /** An application of the tenant by id, read by its key; null when unknown, another tenant's or deleted. */
  private async visibleApplication(tenant: string, id: number): Promise<ReadDocument | null> {
    const doc = Number.isSafeInteger(id) ? await this.store.get('applications', String(id)) : null;
    return doc && doc.tenant === tenant && doc.deleted === false ? doc : null;
  }

  /**
   * A project the tenant sees by numeric id, else by title (case-insensitive, lowest id): its own
   * first, then one shared with it and accepted (§2); 404 otherwise.
   */
  private async findGroup(tenant: string, idOrName: string): Promise<GroupDoc> {
    if (/^\d+$/.test(idOrName)) {
      const byId = await visibleGroup(this.store, tenant, Number(idOrName));
      if (byId) return byId;
    }
    const title = { $regex: `^${escapeRegex(idOrName)}$`, $options: 'i' };
    for (const owner of [{ tenant }, { acceptedBy: tenant }]) {
      const [doc] = await this.store.find(
        'groups',
        { ...owner, deleted: false, title },
        { sort: { id: 1 }, limit: 1 },
      );
      if (doc) return strip<GroupDoc>(doc);
    }
    throw notFound('group');
  }

  private async groupTitles(tenant: string): Promise<Map<number, string>> {
    const docs = await visibleGroups(this.store, tenant, { deleted: false });
    return new Map(docs.map((d) => [d.id, d.title]));
  }

  /**
   * Account id → sum of its entries' amounts, for the projects' accounts: one read by id of the small
   * accountBudgets documents (see accountBudgetsProjection), only accounts of the project's owner.
   */
  private async budgets(docs: readonly GroupDoc[]): Promise<Map<number, number>> {
    const owners = new Map(docs.filter((d) => d.account !== null).map((d) => [d.account!, d.tenant]));
    if (owners.size === 0) return new Map();
    const stored = await this.store.getMany(
      'accountBudgets',
      [...owners.keys()].map((id) => String(id)),
    );
    const budgets = new Map<number, number>();
    for (const doc of stored.values()) {
      if (isTombstone(doc)) continue;
      const account = strip<AccountBudgetDoc>(doc);
      if (owners.get(account.id) === account.tenant) budgets.set(account.id, account.budget);
    }
    return budgets;
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

  /**
   * The API view of a project for `viewer`'s tenant. Of a shared project the viewer sees only its own
   * share, not which other tenants the owner shares it with.
   */
  private groupView(
    doc: GroupDoc,
    viewer: string,
    titles: Map<number, string>,
    budgets: Map<number, number>,
  ): GroupView {
    let computed = 0;
    try {
      computed = priority(doc.metrics ?? []);
    } catch {
      // a recorded metric outside today's scale counts as no rating rather than failing the portfolio
    }
    const { acceptedBy: _acceptedBy, ...fields } = doc;
    const shared = doc.tenant !== viewer;
    const all = sharesOf(doc);
    const shares = shared ? all.filter((s) => s.tenant === viewer) : all;
    return {
      ...fields,
      shared,
      sharedWith: shares.map((s) => s.tenant),
      shares,
      budget: doc.account === null ? null : (budgets.get(doc.account) ?? null),
      priority: computed,
      duration: durationOf(doc.start, doc.end),
      parentTitle: doc.parent === null ? null : (titles.get(doc.parent) ?? null),
      subgroups: subgroupsOf(doc.subgroups ?? []),
    };
  }

  private view(doc: ApplicationDoc, parentName: string | null): ApplicationView {
    return { ...doc, parentName, projects: [] };
  }
}
