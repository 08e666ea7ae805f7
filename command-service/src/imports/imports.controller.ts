import {
  Controller,
  Get,
  HttpCode,
  Inject,
  Logger,
  Param,
  Post,
  Query,
  Req,
  UseGuards,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';
import {
  DomainError,
  can,
  importBytesMax,
  importWants,
  importableSheetKinds,
  notFound,
  notPermitted,
  optionListsOf,
  planImport,
  problem,
  sheetLanguageOf,
  defaultLanguage,
  refWants,
  validationError,
} from '@fahrplan/contracts';
import type {
  ImportApplyProgress,
  ImportPreview,
  ImportRowAction,
  ImportableSheetKind,
  PlannedRow,
  RefRecord,
  SheetRefKind,
} from '@fahrplan/contracts';
import { AuthGuard, CurrentPrincipal, DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { applyPreview } from './import-apply';
import { IMPORT_PREVIEWS } from './import-previews';
import type { ImportPreviewStore, KeptPreview } from './import-previews';
import { IMPORT_RECORDS } from './import-records';
import type { ImportRecords } from './import-records';
import { readSheet } from './sheet-reader';

const defaultLimit = 100;
const maxLimit = 1000;

const attributesOf = (directory: DirectoryCache, tenant: string, kind: ImportableSheetKind) => {
  const record = directory.tenant(tenant);
  const attributes =
    kind === 'applications'
      ? record?.applicationAttributes
      : kind === 'projects'
        ? record?.projectAttributes
        : record?.taskAttributes;
  return attributes ?? [];
};

const tooLarge = () =>
  new DomainError('validation', `the file is larger than ${importBytesMax / 1024 / 1024} MB`, {
    reason: problem('file-too-large', { limit: importBytesMax / 1024 / 1024 }),
  });

/**
 * The body, kept up to `importBytesMax`: a larger file is refused, its rest read and dropped (up to a
 * bound, then the connection is cut), so that the client, still sending, reads the answer.
 */
const readBody = async (request: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 4 * importBytesMax) request.destroy();
    if (size <= importBytesMax) chunks.push(chunk as Buffer);
  }
  if (size > importBytesMax) throw tooLarge();
  return Buffer.concat(chunks);
};

const pageOf = (
  rows: readonly PlannedRow[],
  cursor: string | undefined,
  limitText: string | undefined,
  action: string | undefined,
) => {
  if (
    limitText !== undefined &&
    (!/^\d{1,4}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > maxLimit)
  )
    throw validationError(`the query parameter limit must be a whole number from 1 to ${maxLimit}`);
  const limit = limitText === undefined ? defaultLimit : Number(limitText);
  const start =
    cursor === undefined || cursor === '' ? 0 : Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isInteger(start) || start < 0)
    throw validationError('the query parameter cursor is not one this list gave');
  if (action !== undefined && !['create', 'update', 'unchanged', 'refuse'].includes(action))
    throw validationError('the query parameter action must be create, update, unchanged or refuse');
  const filtered =
    action === undefined ? rows : rows.filter((row) => row.action === (action as ImportRowAction));
  const page = filtered.slice(start, start + limit).map(({ command: _command, ...row }) => row);
  const next =
    start + limit < filtered.length ? Buffer.from(String(start + limit)).toString('base64url') : null;
  return { rows: page, nextCursor: next };
};

/**
 * Issue 23, docs/design/sheet-import.md: `POST /api/imports?kind=` with the file as the body (its
 * content type .xlsx or text/csv, its name in `X-File-Name`) answers a preview and stores nothing;
 * `GET /api/imports/<id>` pages its rows; `POST /api/imports/<id>/apply` applies its valid rows as
 * ordinary save commands (202, then `GET /api/imports/<id>/apply` until done).
 */
@Controller('api/imports')
@UseGuards(AuthGuard)
export class ImportsController {
  private readonly logger = new Logger('imports');

  constructor(
    private readonly bus: CommandBus,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
    @Inject(IMPORT_RECORDS) private readonly records: ImportRecords,
    @Inject(IMPORT_PREVIEWS) private readonly previews: ImportPreviewStore,
  ) {}

  @Post()
  @HttpCode(200)
  async upload(
    @Query('kind') kindParam: string | undefined,
    @Req() request: Readable & { headers: Record<string, string | string[] | undefined> },
    @CurrentPrincipal() principal: Principal,
  ): Promise<ImportPreview> {
    const kind = importableSheetKinds.find((k) => k === kindParam);
    if (!kind)
      throw validationError(`the query parameter kind must be one of ${importableSheetKinds.join(', ')}`);
    const user = this.directory.user(principal.tenant, principal.username);
    // a preview shows what the user could save: creating or editing records of the kind
    const resource = {
      applications: 'application-details',
      projects: 'group-details',
      items: 'items',
    } as const;
    if (
      !user ||
      !(['CREATE', 'EDIT'] as const).some((action) => can(user.permissions, resource[kind], action))
    )
      throw notPermitted();
    const rawName = request.headers['x-file-name'];
    const fileName = decodeFileName(typeof rawName === 'string' ? rawName : '') || `${kind}.xlsx`;
    const table = await readSheet(kind, await readBody(request));
    const attributes = attributesOf(this.directory, principal.tenant, kind);
    const records = await this.records.records(kind, principal.tenant, importWants(kind, table, attributes));
    const wanted = refWants(kind, table, attributes, records);
    const refs: Partial<Record<SheetRefKind, RefRecord[]>> = {};
    for (const [ref, wants] of Object.entries(wanted))
      refs[ref as SheetRefKind] = await this.records.refs(ref as SheetRefKind, principal.tenant, wants);
    const plan = planImport(kind, table, {
      language: sheetLanguageOf(kind, table.headers, user.preferences?.language ?? defaultLanguage),
      options: optionListsOf(this.directory.tenant(principal.tenant)?.optionLists),
      attributes,
      records,
      refs,
    });
    const kept = await this.previews.keep({
      tenant: principal.tenant,
      user: principal.username,
      kind,
      fileName,
      plan,
    });
    return this.answer(kept, undefined, undefined, undefined);
  }

  @Get(':id')
  async page(
    @Param('id') id: string,
    @Query('cursor') cursor: string | undefined,
    @Query('limit') limit: string | undefined,
    @Query('action') action: string | undefined,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ImportPreview> {
    return this.answer(await this.preview(id, principal), cursor, limit, action);
  }

  /**
   * Applies every valid row, or none: with a refused row the answer is 409 unless `?valid=true` asks
   * for the valid rows only. Answers 202 with the progress; an apply asked again runs again, and the
   * rows' idempotency keys make it append nothing twice.
   */
  @Post(':id/apply')
  @HttpCode(202)
  async apply(
    @Param('id') id: string,
    @Query('valid') valid: string | undefined,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ImportApplyProgress> {
    const preview = await this.preview(id, principal);
    if (preview.apply?.status === 'running') return preview.apply;
    const refused = preview.plan.totals.refuse;
    if (refused > 0 && valid !== 'true')
      throw new DomainError(
        'conflict',
        `${refused} row${refused === 1 ? ' is' : 's are'} refused: correct the file, or apply the valid rows only`,
        { extensions: { refused } },
      );
    let last: ImportApplyProgress = { id, status: 'running', total: 0, done: 0, applied: [], failed: [] };
    let told = Promise.resolve();
    const tell = (progress: ImportApplyProgress) => {
      last = progress;
      told = told
        .then(() => this.previews.progress(preview, progress))
        .catch((error: unknown) => this.logger.warn(`import ${id}: progress not recorded: ${String(error)}`));
    };
    // runs on after the answer: the first progress is told before it, the rest as the rows go
    void applyPreview(this.bus, this.directory, preview, tell).catch((error: unknown) =>
      tell({
        ...last,
        status: 'failed',
        failed: [...last.failed, { row: 0, status: 500, reason: (error as Error).message }],
      }),
    );
    await told;
    return last;
  }

  @Get(':id/apply')
  async progress(
    @Param('id') id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ImportApplyProgress> {
    const preview = await this.preview(id, principal);
    if (!preview.apply) throw notFound('import apply');
    return preview.apply;
  }

  private async preview(id: string, principal: Principal): Promise<KeptPreview> {
    const preview = await this.previews.get(id, principal.tenant, principal.username);
    if (!preview) throw notFound('import preview');
    return preview;
  }

  private answer(
    preview: KeptPreview,
    cursor: string | undefined,
    limit: string | undefined,
    action: string | undefined,
  ): ImportPreview {
    return {
      id: preview.id,
      kind: preview.kind,
      fileName: preview.fileName,
      totals: preview.plan.totals,
      ...pageOf(preview.plan.rows, cursor, limit, action),
    };
  }
}

/** X-File-Name as sent (percent-encoded, since a header is Latin-1), without any path, at most 200 characters. */
const decodeFileName = (raw: string): string => {
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // kept as sent
  }
  return (name.split(/[\\/]/).at(-1) ?? '')
    .replace(/[\p{C}]/gu, '')
    .trim()
    .slice(0, 200);
};
