import { notFound, validationError } from '@fahrplan/contracts';
import type { SheetKind, SheetRefKind } from '@fahrplan/contracts';
import type { Principal } from '@fahrplan/platform';
import { applicationsQuery } from '../applications/applications.controller';
import { groupSorts, portfolioFilter } from '../groups/groups.controller';
import { portfolioPage } from '../groups/portfolio';
import { ownerOf, visibleFilters } from '../groups/visible-groups';
import { pageRequest, sortedPage, pageOf, sortRequest } from '../http/paging';
import type { PageRequest } from '../http/paging';
import { strip } from '../http/query-helpers';
import { flag, isRecordId, numbers, single } from '../http/query-params';
import type { QueryParams } from '../http/query-params';
import { timelinePage } from '../items/timeline';
import { windowOf } from '../items/timeline';
import { isTombstone } from '../read-store/read-store';
import type { ReadStore } from '../read-store/read-store';

/** Records per page read from the store while exporting: a list's largest page. */
export const exportPageSize = 1000;
/**
 * Projects per page of the timeline while exporting its items: each brings all its items in the window
 * (a hundred or so in a planned portfolio), so a page holds a few thousand items, not a list's thousand.
 */
const timelineRowsPerPage = 20;

/** Names of the records a page refers to, by kind and id. */
export type PageNames = ReadonlyMap<SheetRefKind, ReadonlyMap<number, string>>;

/** A page of records to export, with the names of what they refer to. */
export interface ExportPage {
  readonly records: readonly Readonly<Record<string, unknown>>[];
  readonly names: PageNames;
}

/** The pages of an export, in the list's order; its parameters were checked when it was made. */
export type ExportPages = () => AsyncGenerator<ExportPage>;

const collectionOf: Readonly<Record<SheetRefKind, string>> = {
  application: 'applications',
  project: 'groups',
  resource: 'resources',
  account: 'accounts',
  item: 'items',
  goal: 'goals',
};
const nameField: Readonly<Record<SheetRefKind, string>> = {
  application: 'name',
  project: 'title',
  resource: 'name',
  account: 'name',
  item: 'title',
  goal: 'name',
};

/**
 * The names of the records of `kind` with `ids` that live in `tenant`: one read by id. A reference to a
 * record of another tenant (a shared project's owner's) or a deleted one keeps no name (the row says `#id`).
 */
const namesOf = async (
  store: ReadStore,
  tenant: string,
  kind: SheetRefKind,
  ids: Iterable<unknown>,
): Promise<Map<number, string>> => {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const docs = await store.getMany(collectionOf[kind], wanted.map(String));
  const names = new Map<number, string>();
  for (const doc of docs.values())
    if (!isTombstone(doc) && doc.tenant === tenant && doc.deleted !== true)
      names.set(doc.id as number, doc[nameField[kind]] as string);
  return names;
};

/** The names of `refs` (kind and the field holding its id or ids) for a page of `records`. */
const pageNames = async (
  store: ReadStore,
  tenant: string,
  records: readonly Readonly<Record<string, unknown>>[],
  refs: readonly (readonly [SheetRefKind, string])[],
): Promise<PageNames> =>
  new Map(
    await Promise.all(
      refs.map(
        async ([kind, field]) =>
          [
            kind,
            await namesOf(
              store,
              tenant,
              kind,
              records.flatMap((r) => (Array.isArray(r[field]) ? (r[field] as unknown[]) : [r[field]])),
            ),
          ] as const,
      ),
    ),
  );

/** Pages read one after the other by `read`, from the first until one says no other follows. */
async function* keysetPages(
  read: (request: PageRequest) => Promise<{ records: Record<string, unknown>[]; nextCursor: string | null }>,
  named: (records: Record<string, unknown>[]) => Promise<PageNames>,
): AsyncGenerator<ExportPage> {
  let cursor: string | undefined;
  do {
    const { records, nextCursor } = await read(pageRequest(String(exportPageSize), cursor));
    yield { records, names: await named(records) };
    cursor = nextCursor ?? undefined;
  } while (cursor);
}

const applications = (store: ReadStore, { tenant }: Principal, query: QueryParams): ExportPages => {
  const { filter, sort } = applicationsQuery(tenant, query);
  return () =>
    keysetPages(
      async (request) => {
        const page = await sortedPage(store, 'applications', filter, sort, request);
        return {
          records: page.docs.map((d) => strip<Record<string, unknown>>(d)),
          nextCursor: page.nextCursor,
        };
      },
      (records) =>
        pageNames(store, tenant, records, [
          ['application', 'parent'],
          ['account', 'account'],
        ]),
    );
};

const projects = (store: ReadStore, { tenant }: Principal, query: QueryParams): ExportPages => {
  const filters = visibleFilters(tenant, portfolioFilter(query), flag('shared', query.shared));
  const sort = sortRequest(query.sort, groupSorts, 'title');
  return () =>
    keysetPages(
      async (request) => {
        const page = await portfolioPage(store, { tenant, filters, sort, request });
        return { records: page.items as unknown as Record<string, unknown>[], nextCursor: page.nextCursor };
      },
      async (records) => {
        const names = new Map(
          await pageNames(store, tenant, records, [
            ['resource', 'resource'],
            ['application', 'applications'],
            ['account', 'account'],
          ]),
        );
        // the parents' titles the portfolio joined, of the projects the caller sees
        names.set(
          'project',
          new Map(
            records.flatMap((r) => (r.parentTitle ? [[r.parent as number, r.parentTitle as string]] : [])),
          ),
        );
        return names;
      },
    );
};

/** The items of the timeline's window (`from`, `to`) and filters, by project title and rank. */
const items = (store: ReadStore, { tenant }: Principal, query: QueryParams): ExportPages => {
  const window = windowOf(query.from, query.to);
  const filters = {
    groups: numbers('group', query.group),
    status: numbers('status', query.status),
    resource: numbers('resource', query.resource),
    application: numbers('application', query.application),
  };
  return async function* () {
    let cursor: string | undefined;
    do {
      const view = await timelinePage(store, {
        tenant,
        ...window,
        detail: 'items',
        filters,
        page: pageRequest(String(timelineRowsPerPage), cursor),
      });
      const docs = await store.getMany(
        'items',
        view.items.map((item) => String(item.id)),
      );
      const records = view.items.flatMap((item) => {
        const doc = docs.get(String(item.id));
        return doc && !isTombstone(doc) ? [strip<Record<string, unknown>>(doc)] : [];
      });
      const names = new Map(await pageNames(store, tenant, records, [['resource', 'resource']]));
      names.set('project', new Map(view.groups.map((g) => [g.id, g.content])));
      yield { records, names };
      cursor = view.nextCursor ?? undefined;
    } while (cursor);
  };
};

const goals =
  (store: ReadStore, { tenant }: Principal): ExportPages =>
  () =>
    keysetPages(
      async (request) => {
        const page = await pageOf(
          store,
          'goals',
          { tenant, deleted: { $ne: true } },
          [
            ['_rank', 1],
            ['id', 1],
          ],
          request,
        );
        return {
          records: page.docs.map((d) => strip<Record<string, unknown>>(d)),
          nextCursor: page.nextCursor,
        };
      },
      (records) => pageNames(store, tenant, records, [['goal', 'parent']]),
    );

/**
 * One account's entries (`?account=<id>`), as its finance table lists them: the caller's account, or
 * that of a project shared with it and accepted (as GET /api/accounts/:id answers).
 */
const accounts = (store: ReadStore, { tenant }: Principal, query: QueryParams): ExportPages => {
  const id = single('account', query.account);
  if (id === undefined || !isRecordId(id))
    throw validationError('the query parameter account (an account id) is required', [
      { field: 'account', message: 'an account id' },
    ]);
  return async function* () {
    const doc = await store.get('accounts', id);
    const owner =
      doc && doc.refType === 'group' ? await ownerOf(store, tenant, 'PROJECT', doc.refId as number) : null;
    if (!doc || isTombstone(doc) || (doc.tenant !== tenant && doc.tenant !== owner))
      throw notFound('account');
    const { entries, ...account } = strip<{ entries: Record<string, unknown>[] } & Record<string, unknown>>(
      doc,
    );
    yield { records: entries.map((entry) => ({ ...account, ...entry })), names: new Map() };
  };
};

/**
 * The pages of an export of `kind` with the list's parameters, checked here (a 400 before anything is
 * written): each kind reads as its list does, with the same filters, order and joins.
 */
export const exportPages = (
  kind: SheetKind,
  store: ReadStore,
  principal: Principal,
  query: QueryParams,
): ExportPages => {
  switch (kind) {
    case 'applications':
      return applications(store, principal, query);
    case 'projects':
      return projects(store, principal, query);
    case 'items':
      return items(store, principal, query);
    case 'goals':
      return goals(store, principal);
    case 'accounts':
      return accounts(store, principal, query);
  }
};
