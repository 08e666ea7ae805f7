import { importBytesMax, importRowsMax, importableSheetKinds } from '@fahrplan/contracts';
import { bearer, jsonAnswer, pageParameters, problems } from './operations';

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const change = {
  type: 'object',
  required: ['field', 'before', 'after'],
  properties: { field: { type: 'string' }, before: { type: 'string' }, after: { type: 'string' } },
};
const refusal = {
  type: 'object',
  required: ['column', 'reason'],
  properties: { column: { type: ['string', 'null'] }, reason: { type: 'string' }, code: { type: 'string' } },
};
const action = { type: 'string', enum: ['create', 'update', 'unchanged', 'refuse'] };
const preview = {
  type: 'object',
  required: ['id', 'kind', 'fileName', 'totals', 'rows', 'nextCursor'],
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: [...importableSheetKinds] },
    fileName: { type: 'string' },
    totals: {
      type: 'object',
      required: ['create', 'update', 'unchanged', 'refuse'],
      properties: Object.fromEntries(
        ['create', 'update', 'unchanged', 'refuse'].map((a) => [a, { type: 'integer' }]),
      ),
    },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['row', 'action', 'id', 'name', 'changes', 'refusals'],
        properties: {
          row: { type: 'integer' },
          action,
          id: { type: ['integer', 'null'] },
          name: { type: 'string' },
          changes: { type: 'array', items: change },
          refusals: { type: 'array', items: refusal },
        },
      },
    },
    nextCursor: { type: ['string', 'null'] },
  },
};
const progress = {
  type: 'object',
  required: ['id', 'status', 'total', 'done', 'applied', 'failed'],
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['running', 'done', 'failed'] },
    total: { type: 'integer' },
    done: { type: 'integer' },
    applied: {
      type: 'array',
      items: {
        type: 'object',
        properties: { row: { type: 'integer' }, id: { type: 'integer' }, action: { type: 'string' } },
      },
    },
    failed: {
      type: 'array',
      items: {
        type: 'object',
        properties: { row: { type: 'integer' }, status: { type: 'integer' }, reason: { type: 'string' } },
      },
    },
    position: { type: 'integer' },
  },
};
const previewId = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

/** Issue 23: the sheet import (docs/design/sheet-import.md). */
export const importPaths = (): Record<string, object> => ({
  '/api/imports': {
    post: {
      summary: `Previews an import of applications, projects or items from a .xlsx or CSV file sent as the body (at most ${importBytesMax / 1024 / 1024} MB and ${importRowsMax} rows; its name in X-File-Name, percent-encoded): per row create, update (changes old → new), unchanged or refused (row, column, reason). Nothing is stored; a bad file answers 400.`,
      security: bearer,
      parameters: [
        {
          name: 'kind',
          in: 'query',
          required: true,
          schema: { type: 'string', enum: [...importableSheetKinds] },
        },
        { name: 'X-File-Name', in: 'header', required: false, schema: { type: 'string', maxLength: 1000 } },
      ],
      requestBody: {
        required: true,
        content: {
          [xlsx]: { schema: { type: 'string', format: 'binary' } },
          'text/csv': { schema: { type: 'string' } },
        },
      },
      responses: {
        200: jsonAnswer('The preview and its first page of rows', preview),
        ...problems(400, 401, 403),
      },
    },
  },
  '/api/imports/{id}': {
    get: {
      summary:
        "A page of a preview's rows (the uploader's own preview, kept 30 minutes), optionally of one action",
      security: bearer,
      parameters: [
        previewId,
        ...pageParameters,
        { name: 'action', in: 'query', required: false, schema: action },
      ],
      responses: {
        200: jsonAnswer('The preview and a page of its rows', preview),
        ...problems(400, 401, 404),
      },
    },
  },
  '/api/imports/{id}/apply': {
    post: {
      summary:
        "Applies the preview's rows as ordinary save commands (flow source 'import <file name>', idempotent per row: an apply run again appends nothing twice). With a refused row: 409 unless valid=true applies the valid rows only.",
      security: bearer,
      parameters: [
        previewId,
        { name: 'valid', in: 'query', required: false, schema: { type: 'string', enum: ['true', 'false'] } },
      ],
      responses: {
        202: jsonAnswer('The apply has started: its progress', progress),
        ...problems(401, 404, 409),
      },
    },
    get: {
      summary: "The progress of the preview's apply",
      security: bearer,
      parameters: [previewId],
      responses: {
        200: jsonAnswer('The progress', progress),
        ...problems(401, 404),
      },
    },
  },
});
