import { problemCodes } from '@fahrplan/contracts';
import { platformForSuite } from './support/platform-suite';

/** Issue 20: every problem and field error carries a stable code beside its English text. */
const platform = platformForSuite();

interface Problem {
  readonly status: number;
  readonly detail: string;
  readonly code: string;
  readonly params?: Record<string, unknown>;
  readonly errors?: { field: string; message: string; code: string; params?: Record<string, unknown> }[];
}
const command = async (type: string, data: unknown, token = platform.admin) =>
  (await platform.api.command(type, data, token)) as { status: number; body: Problem };

describe('problem codes', () => {
  it('field errors name their message by code and values, beside the English text', async () => {
    const reply = await command('SaveApplication', { name: 'x'.repeat(201), status: 'NOPE', effort: 1 });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('invalid-request');
    const byField = Object.fromEntries((reply.body.errors ?? []).map((e) => [e.field, e]));
    expect(byField.name).toMatchObject({ code: 'at-most', params: { bound: 200, unit: 'characters' } });
    expect(byField.name!.message).toBe('at most 200 characters');
    expect(byField.status).toMatchObject({ code: 'one-of' });
    expect(byField.effort).toMatchObject({ code: 'unknown-field', message: 'unknown field' });
  });

  it('a stale version is a version-conflict naming the current version; an unknown record names its kind', async () => {
    const created = await command('SaveApplication', { name: `Codes ${Date.now()}` });
    expect(created.status).toBe(200);
    const id = (created.body as unknown as { id: number }).id;
    expect((await command('SaveApplication', { id, version: 0, name: 'Renamed' })).status).toBe(200);
    const stale = await command('SaveApplication', { id, version: 0, name: 'Again' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'version-conflict', params: { currentVersion: 1 } });
    const missing = await command('DeleteApplication', { id: 999_999, version: 0 });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not-found', params: { what: 'application' } });
  });

  it('a restore of a live record, and a kind-only problem, have codes too', async () => {
    const created = await command('SaveApplication', { name: `Live ${Date.now()}` });
    const id = (created.body as unknown as { id: number }).id;
    const live = await command('RestoreApplication', { id, version: 0 });
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ code: 'not-deleted', params: { what: 'application' } });
    const forbidden = await command('SaveApplication', { name: 'Viewer' }, platform.viewer);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('forbidden');
    const anonymous = await platform.api.get('/api/groups');
    expect(anonymous.status).toBe(401);
    expect((anonymous.body as Problem).code).toBe('unauthorized');
  });

  it('malformed JSON has its own code; every code answered is a documented one', async () => {
    const reply = await platform.api.send('POST', '/api/commands/SaveApplication', {
      token: platform.admin,
      raw: '{"name": "half',
    });
    expect(reply.status).toBe(400);
    expect((reply.body as Problem).code).toBe('malformed-json');
    expect(Object.keys(problemCodes)).toEqual(
      expect.arrayContaining([
        'malformed-json',
        'version-conflict',
        'not-found',
        'not-deleted',
        'unauthorized',
      ]),
    );
  });
});
