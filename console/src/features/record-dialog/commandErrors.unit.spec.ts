import { describe, expect, it } from '@jest/globals';
import { commandFailure, inputRefused, problemFieldErrors } from './commandErrors';

// the server's code: a version conflict has its own (issue 20), other refusals their kind's
const codeOf = (status: number, detail: string) =>
  detail.startsWith('version conflict') ? 'version-conflict' : status === 409 ? 'conflict' : 'invalid';
const problem = (status: number, detail: string, errors?: { field: string; message: string }[]) => ({
  status,
  data: {
    type: 'about:blank',
    title: 'Bad Request',
    status,
    detail,
    code: codeOf(status, detail),
    ...(errors ? { errors } : {}),
  },
});

describe('admin command errors', () => {
  it('puts the field errors the form has onto its fields, first message per field', () => {
    const error = problem(400, 'invalid', [
      { field: 'username', message: 'taken' },
      { field: 'username', message: 'second' },
      { field: 'applicationAttributes.1.key', message: 'bad key' },
      { field: 'tenant', message: 'not on this form' },
    ]);
    expect(problemFieldErrors(error, ['username', 'applicationAttributes'])).toEqual({
      username: 'taken',
      'applicationAttributes.1.key': 'bad key',
    });
  });

  it('renames command fields to form fields', () => {
    const error = problem(400, 'invalid', [{ field: 'name', message: 'exists already' }]);
    expect(problemFieldErrors(error, ['roleName'], (f) => (f === 'name' ? 'roleName' : f))).toEqual({
      roleName: 'exists already',
    });
  });

  it('has no field errors for a transport failure', () => {
    expect(problemFieldErrors({ status: 'FETCH_ERROR', error: 'offline' }, ['name'])).toEqual({});
  });

  it('names a version conflict, a refusal and other failures', () => {
    expect(commandFailure(problem(409, 'version conflict: current version is 4'))).toEqual({
      kind: 'conflict',
      message: 'version conflict: current version is 4',
      conflict: true,
    });
    expect(commandFailure(problem(409, 'role in use: take it from its members first')).conflict).toBe(false);
    expect(commandFailure(problem(403, 'not permitted')).kind).toBe('notPermitted');
    expect(commandFailure(problem(400, 'tenant invalid'))).toMatchObject({
      kind: 'error',
      message: 'tenant invalid',
    });
  });

  it('counts invalid or clashing input as refused input an edit can answer, not a version conflict', () => {
    expect(inputRefused(problem(400, 'end before begin'))).toBe(true);
    expect(inputRefused(problem(409, 'tenant exists already'))).toBe(true);
    expect(inputRefused(problem(409, 'version conflict: current version is 4'))).toBe(false);
    expect(inputRefused(problem(403, 'not permitted'))).toBe(false);
    expect(inputRefused(new Error('network down'))).toBe(false);
  });
});
