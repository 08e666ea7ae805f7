import { Get, Logger, Param, Query, Res } from '@nestjs/common';
import {
  isServerDate,
  consoleLanguageOf,
  defaultLanguage,
  notFound,
  optionListsOf,
  sheetFormats,
  sheetKinds,
  validationError,
} from '@fahrplan/contracts';
import type { AttributeDefinition, PermissionResource, SheetFormat, SheetKind } from '@fahrplan/contracts';
import { CurrentPrincipal, ProblemException, problem } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import type { Response } from 'express';
import { requireView } from '../http/query-helpers';
import { single } from '../http/query-params';
import type { QueryParams } from '../http/query-params';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { exportPages } from './export-sources';
import { rowContext, sheetLayout, sheetRow } from './sheet-rows';
import { sheetWriter } from './sheet-writer';

/** The most rows one export writes; the rest of a longer list is left out (the answer's header says so). */
export const exportRowsMax = 200_000;
export const EXPORT_ROWS_MAX_HEADER = 'X-Fahrplan-Export-Rows-Max';

/** What each export needs to view: what its list needs. */
const viewOf: Readonly<Record<SheetKind, PermissionResource>> = {
  applications: 'application-details',
  projects: 'group-details',
  items: 'items',
  goals: 'group-details',
  accounts: 'application-details',
};

const contentTypes: Readonly<Record<SheetFormat, string>> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** `<kind>.<format>` of the path, or a 404: no other file is exported. */
const fileOf = (file: string): { kind: SheetKind; format: SheetFormat } => {
  const [kind, format, ...rest] = file.split('.');
  if (
    rest.length > 0 ||
    !(sheetKinds as readonly string[]).includes(kind ?? '') ||
    !(sheetFormats as readonly string[]).includes(format ?? '')
  )
    throw notFound('export');
  return { kind: kind as SheetKind, format: format as SheetFormat };
};

const attributesOf = (
  kind: SheetKind,
  tenant: {
    applicationAttributes: readonly AttributeDefinition[];
    projectAttributes: readonly AttributeDefinition[];
    taskAttributes: readonly AttributeDefinition[];
  },
): readonly AttributeDefinition[] =>
  kind === 'applications'
    ? tenant.applicationAttributes
    : kind === 'projects'
      ? tenant.projectAttributes
      : kind === 'items'
        ? tenant.taskAttributes
        : [];

/** A window day as the document types it: a date, or empty (the items' window; another kind ignores it). */
const windowDay = (text: string) => text === '' || isServerDate(text);
const whole = (text: string) => /^-?\d{1,15}$/.test(text);
const idList = (text: string) => /^(\d{1,9}(,\d{1,9})*)?$/.test(text);

/**
 * The typed parameters of the export's document, checked whichever kind uses them: a kind ignores the
 * others, but a value of the wrong type is refused (400) rather than ignored.
 */
const typedParameters: Readonly<Record<string, (text: string) => boolean>> = {
  from: windowDay,
  to: windowDay,
  phase: whole,
  health: whole,
  shared: (text) => text === 'true' || text === 'false',
  id: idList,
  group: idList,
  account: whole,
};

/** Every parameter of the export's document: each is given at most once, whichever kind uses it. */
const documentedParameters = ['lang', 'q', 'status', 'resource', 'application', 'parent', 'sort'];

const checkTypes = (query: QueryParams) => {
  for (const name of documentedParameters) single(name, query[name]);
  for (const [name, valid] of Object.entries(typedParameters)) {
    const text = single(name, query[name]);
    if (text !== undefined && !valid(text))
      throw validationError(`the query parameter ${name} is not of its documented type`, [
        { field: name, message: 'invalid' },
      ]);
  }
};

/**
 * GET /api/exports/<kind>.<xlsx|csv> (issue 23): a list as its screen filters it, as a spreadsheet in
 * the format `contracts/src/interop/sheets.ts` defines, streamed to the client page by page from the
 * read store (keyset pages, as the list reads them), so that no export holds its rows. One export at a
 * time per user (429 otherwise); at most `exportRowsMax` rows.
 */
@ReadModelController()
export class ExportsController extends ReadModelQueries {
  private readonly logger = new Logger('ExportsController');
  /** The users (tenant/user id) with an export running in this process. */
  private readonly running = new Set<string>();

  @Get('exports/:file')
  async export(
    @CurrentPrincipal() principal: Principal,
    @Param('file') file: string,
    @Query() query: QueryParams,
    @Res() response: Response,
  ): Promise<void> {
    const { kind, format } = fileOf(file);
    checkTypes(query);
    requireView(this.directory, principal, viewOf[kind]);
    const user = this.directory.user(principal.tenant, principal.username);
    const tenant = this.directory.tenant(principal.tenant);
    if (!user || !tenant) throw notFound('user');
    const langText = single('lang', query.lang);
    const language =
      langText === undefined ? (user.preferences.language ?? defaultLanguage) : consoleLanguageOf(langText);
    if (language === null)
      throw validationError('lang must be one of de-CH, fr-CH, it-CH, en', [
        { field: 'lang', message: 'de-CH, fr-CH, it-CH or en' },
      ]);
    const key = `${principal.tenant}/${principal.userId}`;
    if (this.running.has(key))
      throw new ProblemException(problem(429, 'one export at a time: the export before is still running'), 5);
    this.running.add(key);
    try {
      const pages = exportPages(kind, this.store, principal, query)();
      // the first page is read before anything is written: what fails on it still answers a problem
      let next = await pages.next();
      const layout = sheetLayout(kind, attributesOf(kind, tenant), language);
      const context = (names: Parameters<typeof rowContext>[2]) =>
        rowContext(optionListsOf(tenant.optionLists), language, names, kind);
      response.status(200);
      response.setHeader('Content-Type', contentTypes[format]);
      response.setHeader(
        'Content-Disposition',
        `attachment; filename="${kind}-${new Date().toISOString().slice(0, 10)}.${format}"`,
      );
      response.setHeader(EXPORT_ROWS_MAX_HEADER, String(exportRowsMax));
      const writer = sheetWriter(format, response, kind, layout);
      let written = 0;
      try {
        while (!next.done && written < exportRowsMax && !response.destroyed) {
          const { records, names } = next.value;
          const rows = records.slice(0, exportRowsMax - written).map((record) =>
            sheetRow(
              layout.columns,
              record,
              context((k, id) => names.get(k)?.get(id)),
            ),
          );
          await writer.rows(rows);
          written += rows.length;
          next = written < exportRowsMax ? await pages.next() : next;
        }
        await pages.return(undefined);
        await writer.end();
      } catch (error) {
        // the file is half sent: breaking the connection is the only way left to say it failed
        this.logger.error(`export ${kind}.${format} failed after ${written} rows: ${String(error)}`);
        response.destroy();
      }
    } finally {
      this.running.delete(key);
    }
  }
}
