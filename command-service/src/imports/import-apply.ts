import type { CommandBus } from '@nestjs/cqrs';
import { HttpException } from '@nestjs/common';
import stableStringify from 'fast-json-stable-stringify';
import { createHash } from 'node:crypto';
import { DomainError, can, commandCatalogue, importCommandTypes, resolvePending } from '@fahrplan/contracts';
import type { CommandResult, ImportApplyProgress, PlannedRow } from '@fahrplan/contracts';
import type { DirectoryCache } from '@fahrplan/platform';
import { messageClasses } from '../infrastructure/command-message';
import type { KeptPreview } from './import-previews';

/** Rows of one wave sent at once: the event store commits appends that arrive together in fewer writes. */
const concurrency = 64;

const statusOf = { validation: 400, forbidden: 403, not_found: 404, conflict: 409 } as const;

const failureOf = (error: unknown): { status: number; reason: string } => {
  if (error instanceof DomainError) return { status: statusOf[error.code], reason: error.message };
  if (error instanceof HttpException) return { status: error.getStatus(), reason: error.message };
  throw error;
};

/** The idempotency key of a row's command: the same on every apply of the same preview. */
export const rowKey = (preview: string, row: number) => `import:${preview}:${row}`;

/**
 * Issue 23: applies a preview's valid rows, each as the ordinary save command through the command bus
 * (same validation, permission and history), with the flow source `import <file name>` and a key
 * derived from the preview and the row, so that an apply run again appends nothing twice. Rows that
 * create a parent go in an earlier wave than the rows that name it.
 */
export const applyPreview = async (
  bus: CommandBus,
  directory: DirectoryCache,
  preview: KeptPreview,
  onProgress: (progress: ImportApplyProgress) => void,
): Promise<ImportApplyProgress> => {
  const type = importCommandTypes[preview.kind];
  const rows = preview.plan.rows.filter(
    (row): row is PlannedRow & { command: NonNullable<PlannedRow['command']> } => row.command !== undefined,
  );
  let progress: ImportApplyProgress = {
    id: preview.id,
    status: 'running',
    total: rows.length,
    done: 0,
    applied: [],
    failed: [],
  };
  onProgress(progress);
  const created = new Map<number, number>();
  const applied: { row: number; id: number; action: 'create' | 'update' }[] = [];
  const failed: { row: number; status: number; reason: string }[] = [];
  let position = 0;
  const waves = Math.max(0, ...rows.map((row) => row.command.wave + 1));
  for (let wave = 0; wave < waves; wave++) {
    const inWave = rows.filter((row) => row.command.wave === wave);
    for (let start = 0; start < inWave.length; start += concurrency) {
      await Promise.all(
        inWave.slice(start, start + concurrency).map(async (row) => {
          try {
            const result = await runRow(bus, directory, preview, type, row, created);
            if (row.action === 'create') created.set(row.row, result.id);
            position = Math.max(position, result.position);
            applied.push({ row: row.row, id: result.id, action: row.action as 'create' | 'update' });
          } catch (error) {
            failed.push({ row: row.row, ...failureOf(error) });
          }
        }),
      );
      progress = { ...progress, done: applied.length + failed.length };
      onProgress(progress);
    }
  }
  applied.sort((a, b) => a.row - b.row);
  failed.sort((a, b) => a.row - b.row);
  progress = {
    ...progress,
    status: failed.length > 0 ? 'failed' : 'done',
    done: applied.length + failed.length,
    applied,
    failed,
    position,
  };
  onProgress(progress);
  return progress;
};

const runRow = async (
  bus: CommandBus,
  directory: DirectoryCache,
  preview: KeptPreview,
  type: (typeof importCommandTypes)[keyof typeof importCommandTypes],
  row: PlannedRow & { command: NonNullable<PlannedRow['command']> },
  created: ReadonlyMap<number, number>,
): Promise<CommandResult> => {
  const data = resolvePending(row.command, created);
  if (!data) throw new DomainError('validation', 'the parent row of this row was not created');
  const definition = commandCatalogue[type];
  const parsed = definition.schema.parse(data) as Record<string, unknown>;
  const user = directory.user(preview.tenant, preview.user);
  const required = definition.permission(parsed);
  if (!user || (required && !can(user.permissions, required.resource, required.action)))
    throw new DomainError('forbidden', 'not permitted');
  return bus.execute(
    new messageClasses[type](parsed, {
      tenant: preview.tenant,
      user: preview.user,
      commandType: type,
      idempotencyKey: rowKey(preview.id, row.row),
      requestFingerprint: createHash('sha256')
        .update(stableStringify({ type, data: parsed }))
        .digest('base64url'),
      source: `import ${preview.fileName}`,
    }),
  );
};
