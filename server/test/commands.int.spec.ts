import { anApplication, storedSince, uniqueName } from '../src/testing/platform';
import type { Body, Reply } from '../src/testing/platform';
import { platformForSuite } from './support/platform-suite';

const platform = platformForSuite();

/** A command by demo/admin that must succeed: its {id, version, position}. */
const run = async (type: string, data: unknown, headers?: Record<string, string>) => {
  const reply = await platform.api.command(type, data, platform.admin, headers);
  expect({ status: reply.status, body: reply.body }).toEqual({ status: 200, body: expect.anything() });
  return reply.body as { id: number; version: number; position: number };
};

/** A query by demo/admin answered once the read models passed `position` (read your writes). */
const read = (path: string, position: number): Promise<Reply> =>
  platform.api.get(path, platform.admin, { 'x-fahrplan-after': String(position) });

const createApplication = (overrides: Record<string, unknown> = {}) =>
  run('SaveApplication', anApplication(overrides));

describe('SaveApplication', () => {
  it('creates an application: {id, version 0, position}, and the query shows every field', async () => {
    const data = anApplication({
      description: 'created over HTTP',
      docUrl: 'https://wiki.example.com/x',
      end: '2030-01-01',
    });

    const created = await run('SaveApplication', data);

    expect(created).toEqual({ id: expect.any(Number), version: 0, position: expect.any(Number) });
    expect(created.position).toBe(await platform.embedded.store.headPosition());
    const { status, body } = await read(`/api/applications/${created.id}`, created.position);
    expect(status).toBe(200);
    expect(body).toEqual({
      ...data,
      id: created.id,
      tenant: 'demo',
      version: 0,
      deleted: false,
      shared: false,
      shortname: null,
      provider: null,
      cockpitid: null,
      parent: null,
      parentName: null,
      parentOrder: null,
      rank: null,
      attributes: [],
      account: null,
    });
  });

  it('updates with the version the user saw: omitted fields stay, null clears, the version counts up', async () => {
    const created = await createApplication({ description: 'to be cleared', contact: 'Keep Me' });

    const updated = await run('SaveApplication', {
      id: created.id,
      version: 0,
      release: '2.0',
      description: null,
    });

    expect(updated).toEqual({ id: created.id, version: 1, position: expect.any(Number) });
    const { body } = await read(`/api/applications/${created.id}`, updated.position);
    expect(body).toMatchObject({ release: '2.0', description: null, contact: 'Keep Me', version: 1 });
  });

  it('trims texts and turns an empty optional text into null', async () => {
    const name = uniqueName();
    const created = await createApplication({ name: `  ${name}  `, shortname: '   ' });

    const { body } = await read(`/api/applications/${created.id}`, created.position);
    expect(body).toMatchObject({ name, shortname: null });
  });

  it('sets a parent, and the query joins its name', async () => {
    const parentData = anApplication();
    const parent = await run('SaveApplication', parentData);
    const child = await createApplication({ parent: parent.id });

    const { body } = await read(`/api/applications/${child.id}`, child.position);
    expect(body).toMatchObject({ parent: parent.id, parentName: parentData.name });
  });

  it('stores nothing for an update that changes nothing, and answers the current version', async () => {
    const data = anApplication();
    const created = await run('SaveApplication', data);
    const before = await platform.embedded.store.headPosition();

    const same = await run('SaveApplication', {
      id: created.id,
      version: 0,
      name: data.name,
      release: data.release,
    });

    expect(same).toEqual(created);
    expect(await platform.embedded.store.headPosition()).toBe(before);
  });

  it('lets exactly one of two concurrent updates of the same version win; the other gets 409', async () => {
    const created = await createApplication();

    const replies = await Promise.all(
      ['left', 'right'].map((release) =>
        platform.api.command('SaveApplication', { id: created.id, version: 0, release }, platform.admin),
      ),
    );

    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.currentVersion).toBe(1);
    expect(await platform.embedded.store.readStream(`application-${created.id}`)).toHaveLength(2);
  });
});

describe('DeleteApplication', () => {
  it('removes the application from every query: by id and by name 404 application not found, not listed', async () => {
    const data = anApplication();
    const created = await run('SaveApplication', data);

    const deleted = await run('DeleteApplication', { id: created.id, version: created.version });

    expect(deleted).toEqual({ id: created.id, version: 1, position: expect.any(Number) });
    for (const path of [
      `/api/applications/${created.id}`,
      `/api/applications/${encodeURIComponent(String(data.name))}`,
    ]) {
      const reply = await read(path, deleted.position);
      expect(reply.status).toBe(404);
      expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(reply.body).toMatchObject({ status: 404, detail: 'application not found' });
    }
    expect(
      (await read(`/api/applications?q=${encodeURIComponent(String(data.name))}`, deleted.position)).body,
    ).toEqual({ items: [], nextCursor: null });
  });

  it('refuses to update or delete a deleted application: 404', async () => {
    const created = await createApplication();
    const deleted = await run('DeleteApplication', { id: created.id, version: 0 });

    const update = await platform.api.command(
      'SaveApplication',
      { id: created.id, version: deleted.version, name: 'back' },
      platform.admin,
    );
    const again = await platform.api.command(
      'DeleteApplication',
      { id: created.id, version: deleted.version },
      platform.admin,
    );

    expect([update.status, again.status]).toEqual([404, 404]);
    expect(update.body.detail).toBe('application not found');
  });
});

describe('CreateComment', () => {
  it('adds comments to an application, listed oldest first, up to 2000 characters', async () => {
    const application = await createApplication();
    const texts = ['first', 'second', 'x'.repeat(2000)];

    const results: { id: number; position: number }[] = [];
    for (const description of texts) {
      platform.clock.advance(60);
      results.push(
        await run('CreateComment', { refType: 'application', refId: application.id, description }),
      );
    }

    const { status, body } = await read(
      `/api/comments?refType=application&refId=${application.id}`,
      results.at(-1)!.position,
    );
    expect(status).toBe(200);
    expect(body.nextCursor).toBeNull();
    expect(body.items).toEqual(
      texts.map((description, i) => ({
        id: results[i]!.id,
        tenant: 'demo',
        refType: 'application',
        refId: application.id,
        description,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        createdBy: 'admin',
      })),
    );
    const createdAt = (body.items as Body[]).map((c) => Date.parse(c.createdAt));
    expect([createdAt[1]! - createdAt[0]!, createdAt[2]! - createdAt[1]!]).toEqual([60_000, 60_000]);
  });

  it('answers an empty list for a record without comments, and 400 without refType or a numeric refId', async () => {
    const application = await createApplication();

    expect(
      (await read(`/api/comments?refType=application&refId=${application.id}`, application.position)).body,
    ).toEqual({ items: [], nextCursor: null });
    expect((await platform.api.get('/api/comments?refId=1', platform.admin)).status).toBe(400);
    expect(
      (await platform.api.get('/api/comments?refType=application&refId=abc', platform.admin)).status,
    ).toBe(400);
  });

  it('refuses a comment or an account on a deleted application: 404', async () => {
    const created = await createApplication();
    await run('DeleteApplication', { id: created.id, version: 0 });
    const comment = { refType: 'application', refId: created.id, description: 'too late' };

    const replies = [
      await platform.api.command('CreateComment', comment, platform.admin),
      await platform.api.command(
        'CreateAccount',
        { refType: 'application', refId: created.id },
        platform.admin,
      ),
    ];

    expect(replies.map((r) => [r.status, r.body.detail])).toEqual([
      [404, 'application not found'],
      [404, 'application not found'],
    ]);
  });

  it('refuses a comment on an application that does not exist: 404', async () => {
    const reply = await platform.api.command(
      'CreateComment',
      { refType: 'application', refId: 99_999_999, description: 'x' },
      platform.admin,
    );

    expect(reply.status).toBe(404);
    expect(reply.body.detail).toBe('application not found');
  });
});

describe('accounts (§4 add account)', () => {
  it("refuses to link another application's account (400) or one that does not exist (404)", async () => {
    const owner = await createApplication({ assetNr: 'A-OWN' });
    const account = await run('CreateAccount', { refType: 'application', refId: owner.id });
    const other = await createApplication();

    const foreign = await platform.api.command(
      'SaveApplication',
      { id: other.id, version: other.version, account: account.id },
      platform.admin,
    );
    const missing = await platform.api.command(
      'SaveApplication',
      { id: other.id, version: other.version, account: 987654321 },
      platform.admin,
    );

    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([
      expect.objectContaining({ field: 'account', message: 'not this application' }),
    ]);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('account not found');
  });

  it('creates the account from the application: number from assetNr, name from the name, no entries', async () => {
    const data = anApplication({ assetNr: 'A-4711' });
    const application = await run('SaveApplication', data);

    const account = await run('CreateAccount', { refType: 'application', refId: application.id });

    expect(account).toEqual({ id: expect.any(Number), version: 0, position: expect.any(Number) });
    expect(account.id).not.toBe(application.id);
    const { status, body } = await read(`/api/accounts/${account.id}`, account.position);
    expect(status).toBe(200);
    expect(body).toEqual({
      id: account.id,
      tenant: 'demo',
      accountNumber: 'A-4711',
      name: data.name,
      refType: 'application',
      refId: application.id,
      entries: [],
    });
  });

  it('refuses an account for an application without asset number: 400 naming assetNr', async () => {
    const application = await createApplication({ assetNr: null });

    const reply = await platform.api.command(
      'CreateAccount',
      { refType: 'application', refId: application.id },
      platform.admin,
    );

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      detail: 'an application account needs an asset number',
      errors: [expect.objectContaining({ field: 'assetNr', message: 'required' })],
    });
  });

  it('links the account to the application, after which a second account is a 409', async () => {
    const application = await createApplication();
    const account = await run('CreateAccount', { refType: 'application', refId: application.id });

    const linked = await run('SaveApplication', {
      id: application.id,
      version: application.version,
      account: account.id,
    });

    expect(linked.version).toBe(1);
    expect((await read(`/api/applications/${application.id}`, linked.position)).body.account).toBe(
      account.id,
    );
    const second = await platform.api.command(
      'CreateAccount',
      { refType: 'application', refId: application.id },
      platform.admin,
    );
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe('the application has an account already');
  });

  it('records entries; an entry with the same sicht and periode replaces the earlier one', async () => {
    const application = await createApplication();
    const account = await run('CreateAccount', { refType: 'application', refId: application.id });
    const budget = {
      sicht: 'Budget',
      periode: '2026',
      amount: 1000,
      projekt: 'P',
      typ: 'Opex',
      gruppe: 'IT',
    };
    await run('AddAccountEntries', {
      accountId: account.id,
      entries: [budget, { sicht: 'Ist', periode: '2026', amount: 250.5 }],
    });

    const added = await run('AddAccountEntries', {
      accountId: account.id,
      entries: [
        { ...budget, amount: 1200 },
        { sicht: 'Budget', amount: 5 },
      ],
    });

    expect(added).toEqual({ id: account.id, version: 2, position: expect.any(Number) });
    const { body } = await read(`/api/accounts/${account.id}`, added.position);
    expect(body.entries).toEqual([
      { ...budget, amount: 1200 },
      { sicht: 'Ist', periode: '2026', amount: 250.5, projekt: null, typ: null, gruppe: null },
      { sicht: 'Budget', periode: null, amount: 5, projekt: null, typ: null, gruppe: null },
    ]);
  });

  it('answers 404 for an unknown account, by command and by query', async () => {
    const command = await platform.api.command(
      'AddAccountEntries',
      { accountId: 99_999_999, entries: [{ sicht: 'Ist' }] },
      platform.admin,
    );

    expect(command.status).toBe(404);
    expect(command.body.detail).toBe('account not found');
    expect((await platform.api.get('/api/accounts/99999999', platform.admin)).status).toBe(404);
    expect((await platform.api.get('/api/accounts/abc', platform.admin)).status).toBe(404);
  });
});

describe('GET /api/applications', () => {
  const names = (reply: Reply) => (reply.body.items as Body[]).map((a) => a.name as string);

  it('lists the tenant’s applications sorted by name, each with its parent’s name', async () => {
    const reply = await platform.api.get('/api/applications', platform.admin);

    expect(reply.status).toBe(200);
    expect(names(reply)).toEqual(expect.arrayContaining(['CRM', 'ERP Core', 'Wiki']));
    expect(names(reply)).toEqual(
      [...names(reply)].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })),
    );
    expect(reply.body.nextCursor).toBeNull();
    expect((reply.body.items as Body[]).find((a) => a.name === 'ERP Finance')).toMatchObject({
      parentName: 'ERP Core',
      tenant: 'demo',
    });
  });

  it('searches q case-insensitively in name, description, vendor and the other text fields', async () => {
    expect(names(await platform.api.get('/api/applications?q=erp', platform.admin))).toEqual([
      'ERP Controlling',
      'ERP Core',
      'ERP Finance',
      'ERP Logistics',
      'Legacy Billing', // "Replaced by ERP Finance." in its description
    ]);
    expect(names(await platform.api.get('/api/applications?q=SERVICENOW', platform.admin))).toEqual([
      'Asset Inventory',
      'IT Service Management',
    ]);
    expect(names(await platform.api.get('/api/applications?q=a-1050', platform.admin))).toEqual([
      'Issue Tracker',
    ]);
  });

  it('takes q literally, not as a regular expression', async () => {
    expect(
      names(await platform.api.get(`/api/applications?q=${encodeURIComponent('.*')}`, platform.admin)),
    ).toEqual([]);
  });

  it('filters by status, alone and with q', async () => {
    expect(names(await platform.api.get('/api/applications?status=AUSLAUFEND', platform.admin))).toEqual([
      'ERP Controlling',
      'Intranet',
    ]);
    expect(
      names(await platform.api.get('/api/applications?q=erp&status=AUSLAUFEND', platform.admin)),
    ).toEqual(['ERP Controlling']);
    expect(names(await platform.api.get('/api/applications?status=NOPE', platform.admin))).toEqual([]);
  });
});

describe('GET /api/applications/<idOrName>', () => {
  it('finds by numeric id, then by name case-insensitively', async () => {
    const byName = await platform.api.get('/api/applications/erp%20core', platform.admin);
    expect(byName.status).toBe(200);
    expect(byName.body.name).toBe('ERP Core');

    const byId = await platform.api.get(`/api/applications/${byName.body.id}`, platform.admin);
    expect(byId.body).toEqual(byName.body);
  });

  it('prefers the id when a name is all digits and also an id; finds an all-digit name that is no id', async () => {
    const target = await createApplication();
    const digitsLikeId = await createApplication({ name: String(target.id) });
    const digitsOnly = await createApplication({ name: '987654321' });

    expect((await read(`/api/applications/${target.id}`, digitsLikeId.position)).body.id).toBe(target.id);
    expect((await read('/api/applications/987654321', digitsOnly.position)).body.id).toBe(digitsOnly.id);
  });

  it('finds a name with slashes, brackets and regex characters literally', async () => {
    const name = `C++ (legacy) / v2.* [${Date.now()}]`;
    const created = await createApplication({ name });

    const reply = await read(`/api/applications/${encodeURIComponent(name.toLowerCase())}`, created.position);

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: created.id, name });
    expect(
      (
        await platform.api.get(
          `/api/applications/${encodeURIComponent('C++ (legacy) / v2.. [')}`,
          platform.admin,
        )
      ).status,
    ).toBe(404);
  });

  it('answers 404 application not found for an unknown id or name', async () => {
    for (const idOrName of ['99999999', 'No%20Such%20Application']) {
      const reply = await platform.api.get(`/api/applications/${idOrName}`, platform.admin);
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ status: 404, title: 'Not Found', detail: 'application not found' });
    }
  });
});

describe('GET /api/calendar/working-days', () => {
  it('counts the working days of December 2026 (to exclusive): Christmas and St Stephen’s are holidays', async () => {
    const { status, body } = await platform.api.get(
      '/api/calendar/working-days?from=2026-12-01&to=2027-01-01',
      platform.admin,
    );

    expect(status).toBe(200);
    expect(body).toEqual({
      days: 31,
      workingDaysCount: 22,
      notWorkingDays: ['05', '06', '12', '13', '19', '20', '25', '26', '27'].map((d) => `2026-12-${d}`),
      publicHolidays: [
        { date: '2026-12-25', name: 'Weihnachtstag' },
        { date: '2026-12-26', name: 'Stephanstag' },
      ],
    });
  });

  it('names the holidays in the requested language (issue 20), the same days', async () => {
    const names = async (lang: string) => {
      const reply = await platform.api.get(
        `/api/calendar/working-days?from=2026-12-01&to=2027-01-01&lang=${lang}`,
        platform.admin,
      );
      expect(reply.status).toBe(200);
      expect(reply.body.workingDaysCount).toBe(22);
      return (reply.body.publicHolidays as { name: string }[]).map((h) => h.name);
    };
    // issue 24: the holiday library's names
    expect(await names('fr-CH')).toEqual(['Noël', 'Saint-Etienne']);
    expect(await names('it-CH')).toEqual(['Natale di Gesù', 'Santo Stefano']);
    expect(await names('en')).toEqual(['Christmas Day', 'Boxing Day']);
    expect(await names('de-CH')).toEqual(['Weihnachtstag', 'Stephanstag']);
    const refused = await platform.api.get(
      '/api/calendar/working-days?from=2026-12-01&to=2027-01-01&lang=es',
      platform.admin,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'lang', code: 'one-of' })]);
  });

  it('answers 400 for a missing, malformed or impossible date and for from after to', async () => {
    for (const query of [
      'from=2026-12-01',
      'from=01.12.2026&to=2027-01-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2027-01-01&to=2026-12-01',
    ]) {
      const reply = await platform.api.get(`/api/calendar/working-days?${query}`, platform.admin);
      expect({ query, status: reply.status }).toEqual({ query, status: 400 });
      expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });
});

describe('read your writes', () => {
  /** Holds the live projections still while `during` runs, so the read models lag behind the log for sure. */
  const withProjectionsPaused = async (during: () => Promise<void>) => {
    await platform.embedded.runner.stop();
    try {
      await during();
    } finally {
      await platform.embedded.runner.start();
    }
  };

  it('answers a query sent with X-Fahrplan-After only once the projections passed that position', async () => {
    const application = await createApplication({ release: 'before' });
    await read(`/api/applications/${application.id}`, application.position);
    let pending: Promise<Reply> | undefined;
    let answered = false;

    await withProjectionsPaused(async () => {
      const updated = await run('SaveApplication', { id: application.id, version: 0, release: 'after' });
      pending = read(`/api/applications/${application.id}`, updated.position).finally(
        () => (answered = true),
      );
      // Without the header the same query shows the read model as it is: behind the command.
      const stale = await platform.api.get(`/api/applications/${application.id}`, platform.admin);
      expect(stale.body).toMatchObject({ release: 'before', version: 0 });
      expect(answered).toBe(false);
    });

    const { status, body } = await pending!;
    expect(status).toBe(200);
    expect(body).toMatchObject({ release: 'after', version: 1 });
  });

  it('refuses an X-Fahrplan-After that is not a position (issue 18: the document says integer), and answers 0 at once', async () => {
    for (const after of ['abc', '-5', '1.5']) {
      const reply = await platform.api.get('/api/applications?q=erp', platform.admin, {
        'x-fahrplan-after': after,
      });
      expect({ after, status: reply.status }).toEqual({ after, status: 400 });
    }
    const zero = await platform.api.get('/api/applications?q=erp', platform.admin, {
      'x-fahrplan-after': '0',
    });
    expect(zero.status).toBe(200);
  });

  it('answers 503 when the projections do not reach the position in time', async () => {
    const head = await platform.embedded.store.headPosition();
    // a position in the log the read models do not reach (one beyond the log's head answers 400 at once)
    const waiting = jest.spyOn(platform.embedded.runner, 'waitFor').mockResolvedValue(false);

    const reply = await platform.api.get('/api/applications', platform.admin, {
      'x-fahrplan-after': String(head),
    });
    waiting.mockRestore();

    expect(reply.status).toBe(503);
    expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  }, 10_000);
});

describe('idempotent retries (Idempotency-Key)', () => {
  const key = () => `test-${crypto.randomUUID()}`;

  it('creates once: the same SaveApplication sent twice with one key answers the same id', async () => {
    const data = anApplication();
    const headers = { 'idempotency-key': key() };

    const first = await run('SaveApplication', data, headers);
    const second = await run('SaveApplication', data, headers);

    expect(second).toEqual(first);
    const listed = await read(
      `/api/applications?q=${encodeURIComponent(String(data.name))}`,
      second.position,
    );
    expect((listed.body.items as Body[]).map((a) => a.id)).toEqual([first.id]);
    expect(await platform.embedded.store.readStream(`application-${first.id}`)).toHaveLength(1);
  });

  it('creates once when the same keyed create arrives twice at the same time', async () => {
    const data = anApplication();
    const headers = { 'idempotency-key': key() };

    const [first, second] = await Promise.all([
      platform.api.command('SaveApplication', data, platform.admin, headers),
      platform.api.command('SaveApplication', data, platform.admin, headers),
    ]);

    expect([first!.status, second!.status]).toEqual([200, 200]);
    expect(second!.body).toEqual(first!.body);
    const listed = await read(
      `/api/applications?q=${encodeURIComponent(String(data.name))}`,
      first!.body.position,
    );
    expect(listed.body.items).toHaveLength(1);
  });

  it('stores nothing, not even the id claim, when a keyed create is refused', async () => {
    const before = await platform.embedded.store.headPosition();

    const refused = await platform.api.command(
      'SaveApplication',
      anApplication({ end: '2020-01-01', start: '2021-01-01' }),
      platform.admin,
      { 'idempotency-key': key() },
    );

    expect(refused.status).toBe(400);
    expect(await storedSince(platform.embedded, before)).toEqual([]);
  });

  it('creates twice without a key (the control)', async () => {
    const data = anApplication();

    const first = await run('SaveApplication', data);
    const second = await run('SaveApplication', data);

    expect(second.id).not.toBe(first.id);
  });

  it('answers an update retried after its success as before, not with a 409', async () => {
    const application = await createApplication();
    const headers = { 'idempotency-key': key() };
    const update = { id: application.id, version: 0, release: 'retried' };

    const first = await run('SaveApplication', update, headers);
    const retry = await run('SaveApplication', update, headers);

    expect(retry).toEqual(first);
    expect(first.version).toBe(1);
    expect(await platform.embedded.store.readStream(`application-${application.id}`)).toHaveLength(2);
    const withoutKey = await platform.api.command('SaveApplication', update, platform.admin);
    expect(withoutKey.status).toBe(409);
  });

  it('retries a comment once per key', async () => {
    const application = await createApplication();
    const headers = { 'idempotency-key': key() };
    const comment = { refType: 'application', refId: application.id, description: 'only once' };

    const first = await run('CreateComment', comment, headers);
    const second = await run('CreateComment', comment, headers);

    expect(second).toEqual(first);
    expect(
      (await read(`/api/comments?refType=application&refId=${application.id}`, second.position)).body.items,
    ).toHaveLength(1);
  });

  it('refuses a malformed key with 400', async () => {
    const reply = await platform.api.command('SaveApplication', anApplication(), platform.admin, {
      'idempotency-key': 'short',
    });

    expect(reply.status).toBe(400);
  });
});
