import { Controller, Get, Header, Inject, Param, UseGuards } from '@nestjs/common';
import { historyCategories, historyQuerySchema, notFound, validationError } from '@fahrplan/contracts';
import type {
  ExportedEvent,
  HistoryCategory,
  HistoryPage,
  HistoryRow,
  PermissionResource,
} from '@fahrplan/contracts';
import { AuthGuard, CurrentPrincipal, DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { CatchUpGuard } from '../http/catch-up.guard';
import { csvText } from '../http/csv';
import { pageRequest } from '../http/paging';
import { requireView } from '../http/query-helpers';
import { isRecordId } from '../http/query-params';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { HISTORY_READER, READ_STORE } from '../http/tokens';
import { visibleGroup } from '../groups/visible-groups';
import type { ReadStore } from '../read-store/read-store';
import { foldHistory } from './history-folds';
import { historyPage, sharedProjectRows } from './history.service';
import type { HistoryReader } from './history.service';

/**
 * The resource whose VIEW a record's history needs besides `history` VIEW: what the record's live query
 * needs, and `admin` for the records only Administration shows.
 */
const viewOf: Readonly<Record<HistoryCategory, readonly [PermissionResource, ...PermissionResource[]]>> = {
  application: ['application-details'],
  group: ['group-details'],
  item: ['items'],
  // as GET /api/comments and /api/accounts/:id
  comment: ['application-details'],
  account: ['application-details'],
  scenario: ['scenarios'],
  goal: ['group-details'],
  resource: ['items', 'group-details'],
  // as GET /api/calendars/:id
  calendar: ['calendars', 'group-details', 'items'],
  trackerConnection: ['admin'],
  tenant: ['admin'],
  user: ['admin'],
};

const categoryOf = (text: string): HistoryCategory => {
  if ((historyCategories as readonly string[]).includes(text)) return text as HistoryCategory;
  throw notFound(`history category '${text.slice(0, 40)}'`);
};

const idOf = (text: string): string => {
  if (isRecordId(text)) return text;
  throw validationError('the record id must be a whole number', [{ field: 'id', message: 'a whole number' }]);
};

/** One CSV line per changed field (a change without field differences gets one line of its own). */
const csvLines = (rows: readonly HistoryRow[]) =>
  rows.flatMap((row) => {
    const base = {
      at: row.at,
      user: row.user,
      command: row.command ?? '',
      event: row.event,
      source: row.source ?? '',
      revision: row.revision,
      position: row.position,
    };
    const text = (value: unknown) =>
      value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    return row.changes.length === 0
      ? [{ ...base, field: '', before: '', after: '' }]
      : row.changes.map((change) => ({
          ...base,
          field: change.field,
          before: text(change.before),
          after: text(change.after),
        }));
  });

/**
 * GET /api/history/…: every change of a record, from the event log (issue 8); like every query of the
 * read side, answered once the read models caught up.
 */
@Controller('api/history')
@UseGuards(AuthGuard, CatchUpGuard)
export class HistoryController {
  constructor(
    @Inject(HISTORY_READER) private readonly reader: HistoryReader,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  @Get(':category/:id')
  async history(@Asked() { principal, params, query }: ReadRequest<'category' | 'id'>): Promise<HistoryPage> {
    // what is not the caller's answers 403/404 first; a bad query is refused before anything is folded
    const { category, id, events, budget, shared } = await this.load(
      principal,
      params.category,
      params.id,
      true,
    );
    const { limit, cursor, ...filters } = query;
    const request = pageRequest(limit, cursor);
    const parsed = historyQuerySchema.safeParse(filters);
    if (!parsed.success)
      throw validationError(
        'the history query is invalid',
        parsed.error.issues.map((issue) => ({
          field: issue.path.join('.') || 'query',
          message: issue.message,
        })),
      );
    const rows = shared
      ? sharedProjectRows(foldHistory(category, events).rows, principal.tenant)
      : await this.reader.rows(category, events, principal.tenant, budget);
    const page = historyPage(rows, parsed.data, request);
    // names only of the caller's records and of the projects shared with it: a shared project's
    // references to its owner's records stay ids
    const refs = await this.reader.refs(category, page.items, principal.tenant, budget, !shared);
    return { category, id, ...page, refs };
  }

  @Get('group/:id/export.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  async exportCsv(@CurrentPrincipal() principal: Principal, @Param('id') idText: string): Promise<string> {
    const { rows } = await this.rows(principal, 'group', idText);
    return csvText(csvLines(rows));
  }

  @Get('group/:id/events.json')
  async exportEvents(
    @Asked() { principal, params: { id: idText } }: ReadRequest<'id'>,
  ): Promise<{ stream: string; events: ExportedEvent[] }> {
    const { events } = await this.load(principal, 'group', idText);
    return {
      stream: events[0]!.streamId,
      events: events.map(({ streamId, revision, position, id, type, data, metadata }) => ({
        stream: streamId,
        revision,
        position,
        id,
        type,
        data,
        metadata: { ...metadata },
      })),
    };
  }

  /**
   * The record's events; with `sharedToo`, a project another tenant shares with the caller's tenant
   * (accepted, not deleted) is read as well, as `shared` (its page shows only what the share shows).
   */
  private async load(principal: Principal, categoryText: string, idText: string, sharedToo = false) {
    const category = categoryOf(categoryText);
    requireView(this.directory, principal, 'history');
    requireView(this.directory, principal, ...viewOf[category]);
    const id = idOf(idText);
    const budget = this.reader.budget();
    const events = await this.reader.events(category, id, principal.tenant, budget);
    if (events) return { category, id, events, budget, shared: false };
    if (sharedToo && category === 'group') {
      const project = await visibleGroup(this.readStore, principal.tenant, Number(id));
      if (project && project.tenant !== principal.tenant)
        return { category, id, events: await this.reader.projectEvents(id, budget), budget, shared: true };
    }
    throw notFound(category === 'group' ? 'project' : category);
  }

  private async rows(principal: Principal, categoryText: string, idText: string) {
    const { category, id, events, budget } = await this.load(principal, categoryText, idText);
    return { category, id, rows: await this.reader.rows(category, events, principal.tenant, budget) };
  }
}
