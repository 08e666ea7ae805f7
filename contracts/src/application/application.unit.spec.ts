import { applicationDecider, saveApplicationSchema } from './application';
import type {
  ApplicationCommand,
  ApplicationContext,
  ApplicationEvent,
  ApplicationFields,
  SaveApplicationData,
} from './application';
import { aContext, anApplication, deciderSpec, freshId } from '../testing/decider-spec';

const spec = deciderSpec(applicationDecider);

/** As the command endpoint does it: the command's data is the schema's output. */
const save = (raw: Record<string, unknown>): ApplicationCommand => ({
  type: 'SaveApplication',
  data: saveApplicationSchema.parse(raw),
});
const remove = (id: number, version: number): ApplicationCommand => ({
  type: 'DeleteApplication',
  data: { id, version },
});
const restore = (id: number, version: number): ApplicationCommand => ({
  type: 'RestoreApplication',
  data: { id, version },
});
const context = (facts: Partial<ApplicationContext> = {}): ApplicationContext =>
  aContext({ newId: freshId(), parentChain: [], ...facts });

const created = (id: number, fields: ApplicationFields = anApplication()): ApplicationEvent => ({
  type: 'ApplicationCreated',
  data: { id, ...fields },
});
const updated = (id: number, changes: Partial<ApplicationFields>): ApplicationEvent => ({
  type: 'ApplicationUpdated',
  data: { id, changes },
});
const deleted = (id: number): ApplicationEvent => ({ type: 'ApplicationDeleted', data: { id } });
const restored = (id: number): ApplicationEvent => ({ type: 'ApplicationRestored', data: { id } });

/** The defaults a creation fills in, with `fields` set. */
const emptyExcept = (fields: Partial<ApplicationFields>): ApplicationFields =>
  anApplication({
    release: null,
    shortname: null,
    description: null,
    contact: null,
    start: null,
    end: null,
    assetNr: null,
    provider: null,
    vendor: null,
    cockpitid: null,
    docUrl: null,
    status: 'UNDEFINIERT',
    ...fields,
  });

const notFound = { code: 'not_found', message: 'application not found' } as const;
const validation = (field: string, message: string) =>
  ({ code: 'validation', details: { fieldErrors: [{ field, message }] } }) as const;

describe('application decider', () => {
  describe('when no application exists', () => {
    it('creates one with the defaults: status UNDEFINIERT, no attributes, trimmed texts, empty texts as null', () => {
      const ctx = context();
      spec
        .given([])
        .when(save({ name: '  Billing \n', description: '   ', contact: '', release: ' 2.1 ' }), ctx)
        .then([
          {
            type: 'ApplicationCreated',
            data: {
              id: ctx.newId,
              name: 'Billing',
              release: '2.1',
              shortname: null,
              description: null,
              contact: null,
              start: null,
              end: null,
              assetNr: null,
              provider: null,
              vendor: null,
              cockpitid: null,
              docUrl: null,
              parent: null,
              parentOrder: null,
              rank: null,
              status: 'UNDEFINIERT',
              attributes: [],
              account: null,
            },
          },
        ]);
    });

    it('creates one with every field as given', () => {
      const parent = freshId();
      const account = freshId();
      const ctx = context({ parentChain: [parent] });
      const withAccount = { ...ctx, account: { refType: 'application', refId: ctx.newId } };
      const fields: ApplicationFields = anApplication({
        parent,
        parentOrder: 3,
        rank: '0|hzzzzz:',
        status: 'ENTWICKLUNG',
        attributes: [
          { key: 'criticality', value: 'high' },
          { key: 'users', value: 120 },
          { key: 'external', value: false },
          { key: 'retired', value: null },
        ],
        account,
      });
      spec
        .given([])
        .when(save(fields), withAccount)
        .then([{ type: 'ApplicationCreated', data: { id: ctx.newId, ...fields } }]);
    });

    it('accepts an end on the day of the start', () => {
      const ctx = context();
      spec
        .given([])
        .when(save({ name: 'Billing', start: '2026-05-01', end: '2026-05-01' }), ctx)
        .then([
          {
            type: 'ApplicationCreated',
            data: {
              id: ctx.newId,
              ...anApplication(emptyExcept({ start: '2026-05-01', end: '2026-05-01' })),
            },
          },
        ]);
    });

    it('refuses an end before the start', () =>
      spec
        .given([])
        .when(save({ name: 'Billing', start: '2026-05-02', end: '2026-05-01' }), context())
        .thenThrows({
          ...validation('end', 'the end cannot precede the begin'),
          message: 'the end date cannot precede the begin date',
        }));

    it('refuses the new application itself as parent', () => {
      const ctx = context();
      spec
        .given([])
        .when(save({ name: 'Billing', parent: ctx.newId }), ctx)
        .thenThrows(validation('parent', 'not itself'));
    });

    it('refuses a parent that does not exist in the tenant', () =>
      spec
        .given([])
        .when(save({ name: 'Billing', parent: freshId() }), context({ parentChain: null }))
        .thenThrows({ ...validation('parent', 'not found'), message: 'parent application not found' }));

    it('refuses an account that does not exist in the tenant', () =>
      spec
        .given([])
        .when(save({ name: 'Billing', account: freshId() }), { ...context(), account: null })
        .thenThrows({ code: 'not_found', message: 'account not found' }));

    it('refuses an account of another record', () =>
      spec
        .given([])
        .when(save({ name: 'Billing', account: freshId() }), {
          ...context(),
          account: { refType: 'application', refId: freshId() },
        })
        .thenThrows({
          ...validation('account', 'not this application'),
          message: 'the account belongs to another record',
        }));

    it('refuses an update', () =>
      spec
        .given([])
        .when(save({ id: freshId(), version: 0, name: 'Billing' }), context())
        .thenThrows(notFound));

    it('refuses a delete', () => spec.given([]).when(remove(freshId(), 0), context()).thenThrows(notFound));

    it('refuses a restore', () => spec.given([]).when(restore(freshId(), 0), context()).thenThrows(notFound));

    it('refuses a creation without a name that bypassed the command schema', () =>
      spec
        .given([])
        .when({ type: 'SaveApplication', data: { release: '1' } as SaveApplicationData }, context())
        .thenThrows({ code: 'schema', details: { issues: [{ path: ['name'] }] } }));
  });

  describe('when the application is active', () => {
    const id = freshId();
    const history = [created(id), updated(id, { contact: 'John Doe' })];
    const version = 1;

    it('updates only the fields that changed', () =>
      spec
        .given(history)
        .when(
          save({
            id,
            version,
            name: 'Billing',
            contact: 'John Doe',
            description: 'Invoices only',
            rank: 'x',
          }),
          context(),
        )
        .then([updated(id, { description: 'Invoices only', rank: 'x' })]));

    it('decides nothing when nothing changed', () =>
      spec
        .given(history)
        .when(save({ id, version, name: ' Billing ', contact: 'John Doe', status: 'PRODUKTIV' }), context())
        .then([]));

    it('clears a field given as null', () =>
      spec
        .given(history)
        .when(save({ id, version, description: null, end: null, docUrl: '' }), context())
        .then([updated(id, { description: null, end: null, docUrl: null })]));

    it('replaces the attributes as a whole', () =>
      spec
        .given(history)
        .when(save({ id, version, attributes: [{ key: 'tier', value: 1 }] }), context())
        .then([updated(id, { attributes: [{ key: 'tier', value: 1 }] })]));

    describe("against the tenant's application attribute schema", () => {
      const schema = context({
        applicationAttributes: [
          { key: 'tier', label: 'Tier', type: 'number' },
          { key: 'zone', label: 'Zone', type: 'select', options: ['dmz', 'core'] },
        ],
      });

      it('accepts values that fit it', () =>
        spec
          .given(history)
          .when(save({ id, version, attributes: [{ key: 'zone', value: 'core' }] }), schema)
          .then([updated(id, { attributes: [{ key: 'zone', value: 'core' }] })]));

      it('refuses an unknown key and a value of the wrong type, naming each field', () =>
        spec
          .given(history)
          .when(
            save({
              id,
              version,
              attributes: [
                { key: 'colour', value: 'red' },
                { key: 'zone', value: 'cloud' },
              ],
            }),
            schema,
          )
          .thenThrows({
            code: 'validation',
            details: {
              fieldErrors: [
                { field: 'attributes.colour', message: expect.any(String) },
                { field: 'attributes.zone', message: expect.stringContaining('dmz, core') },
              ],
            },
          }));

      it('lets a stored value pass unchanged after its key left the schema', () => {
        const legacy = freshId();
        return spec
          .given([created(legacy, anApplication({ attributes: [{ key: 'owner', value: 'ops' }] }))])
          .when(
            save({
              id: legacy,
              version: 0,
              attributes: [
                { key: 'owner', value: 'ops' },
                { key: 'tier', value: 2 },
              ],
            }),
            schema,
          )
          .then([
            updated(legacy, {
              attributes: [
                { key: 'owner', value: 'ops' },
                { key: 'tier', value: 2 },
              ],
            }),
          ]);
      });
    });

    it('refuses a stale version with the current one', () =>
      spec
        .given(history)
        .when(save({ id, version: 0, name: 'Payroll' }), context())
        .thenThrows({ code: 'conflict', message: /current version 1/, details: { currentVersion: 1 } }));

    it('refuses itself as parent', () =>
      spec
        .given(history)
        .when(save({ id, version, parent: id }), context({ parentChain: [id] }))
        .thenThrows({
          ...validation('parent', 'not itself'),
          message: 'an application cannot be its own parent',
        }));

    it('refuses a parent that does not exist', () =>
      spec
        .given(history)
        .when(save({ id, version, parent: freshId() }), context({ parentChain: null }))
        .thenThrows(validation('parent', 'not found')));

    it('refuses a parent below itself (a cycle)', () => {
      const child = freshId();
      const grandchild = freshId();
      spec
        .given(history)
        .when(save({ id, version, parent: grandchild }), context({ parentChain: [grandchild, child, id] }))
        .thenThrows({ ...validation('parent', 'cycle'), message: 'the parent would create a cycle' });
    });

    it('accepts a parent whose chain does not contain it', () => {
      const parent = freshId();
      const root = freshId();
      spec
        .given(history)
        .when(save({ id, version, parent }), context({ parentChain: [parent, root] }))
        .then([updated(id, { parent })]);
    });

    it('leaves a stored parent unchecked when the update does not name one', () =>
      spec
        .given([created(id, anApplication({ parent: freshId() }))])
        .when(save({ id, version: 0, name: 'Payroll' }), context({ parentChain: null }))
        .then([updated(id, { name: 'Payroll' })]));

    it('removes the parent with null without looking it up', () =>
      spec
        .given([created(id, anApplication({ parent: freshId() }))])
        .when(save({ id, version: 0, parent: null }), context({ parentChain: null }))
        .then([updated(id, { parent: null })]));

    it('links the account created for it', () => {
      const account = freshId();
      spec
        .given(history)
        .when(save({ id, version, account }), {
          ...context(),
          account: { refType: 'application', refId: id },
        })
        .then([updated(id, { account })]);
    });

    it('refuses to link an account of another application', () =>
      spec
        .given(history)
        .when(save({ id, version, account: freshId() }), {
          ...context(),
          account: { refType: 'application', refId: freshId() },
        })
        .thenThrows(validation('account', 'not this application')));

    it('refuses to link an account that does not exist', () =>
      spec
        .given(history)
        .when(save({ id, version, account: freshId() }), { ...context(), account: null })
        .thenThrows({ code: 'not_found', message: 'account not found' }));

    it('does not look up the account it has linked already', () => {
      const account = freshId();
      spec
        .given([created(id, anApplication({ account }))])
        .when(save({ id, version: 0, account, name: 'Payroll' }), context())
        .then([updated(id, { name: 'Payroll' })]);
    });

    it('unlinks the account with null', () =>
      spec
        .given([created(id, anApplication({ account: freshId() }))])
        .when(save({ id, version: 0, account: null }), { ...context(), account: null })
        .then([updated(id, { account: null })]));

    it('refuses a new end before the stored start', () =>
      spec
        .given(history)
        .when(save({ id, version, end: '2025-12-31' }), context())
        .thenThrows(validation('end', 'the end cannot precede the begin')));

    it('refuses a new start after the stored end', () =>
      spec
        .given(history)
        .when(save({ id, version, start: '2027-01-01' }), context())
        .thenThrows(validation('end', 'the end cannot precede the begin')));

    it('refuses to create it a second time', () =>
      spec
        .given(history)
        .when(save({ name: 'Billing' }), context({ newId: id }))
        .thenThrows({ code: 'conflict', message: 'application exists already' }));

    it('deletes it', () =>
      spec
        .given(history)
        .when(remove(id, version), context())
        .then([deleted(id)]));

    it('refuses a delete with a stale version', () =>
      spec
        .given(history)
        .when(remove(id, 0), context())
        .thenThrows({ code: 'conflict', details: { currentVersion: 1 } }));

    it('refuses to restore it: it is not deleted', () =>
      spec
        .given(history)
        .when(restore(id, version), context())
        .thenThrows({ code: 'conflict', message: 'the application is not deleted' }));
  });

  describe('when the application is deleted', () => {
    const id = freshId();
    const history = [created(id), deleted(id)];

    it('refuses an update as not found', () =>
      spec
        .given(history)
        .when(save({ id, version: 1, name: 'Payroll' }), context())
        .thenThrows(notFound));

    it('refuses another delete as not found', () =>
      spec.given(history).when(remove(id, 1), context()).thenThrows(notFound));

    it('restores it with the version of its deletion', () =>
      spec
        .given(history)
        .when(restore(id, 1), context())
        .then([restored(id)]));

    it('refuses a restore with a stale version', () =>
      spec
        .given(history)
        .when(restore(id, 0), context())
        .thenThrows({ code: 'conflict', details: { currentVersion: 1 } }));
  });

  describe('when the application is restored', () => {
    const id = freshId();
    const history = [created(id), deleted(id), restored(id)];

    it('updates it again with the version of its restore', () =>
      spec
        .given(history)
        .when(save({ id, version: 2, name: 'Payroll' }), context())
        .then([updated(id, { name: 'Payroll' })]));

    it('deletes it again', () =>
      spec
        .given(history)
        .when(remove(id, 2), context())
        .then([deleted(id)]));
  });
});

describe('applicationDecider.evolve', () => {
  const id = freshId();
  const fold = (events: ApplicationEvent[]) =>
    events.reduce(applicationDecider.evolve, applicationDecider.initialState);

  it('starts absent', () => expect(applicationDecider.initialState).toEqual({ status: 'absent' }));

  it('counts the version from 0 like the stream revision', () =>
    expect(fold([created(id), updated(id, { name: 'Payroll' }), updated(id, { rank: 'a' })])).toEqual({
      status: 'active',
      id,
      fields: anApplication({ name: 'Payroll', rank: 'a' }),
      version: 2,
    }));

  it('marks a deleted application and keeps its fields', () =>
    expect(fold([created(id), deleted(id)])).toEqual({
      status: 'deleted',
      id,
      fields: anApplication(),
      version: 1,
    }));

  it('brings a restored application back as it was, counting the restore as a version', () =>
    expect(fold([created(id), deleted(id), restored(id)])).toEqual({
      status: 'active',
      id,
      fields: anApplication(),
      version: 2,
    }));

  it('ignores updates and deletes of an absent application', () =>
    expect(fold([updated(id, { name: 'Payroll' }), deleted(id)])).toEqual({ status: 'absent' }));
});

describe('saveApplicationSchema', () => {
  const issues = (raw: unknown) => {
    const result = saveApplicationSchema.safeParse(raw);
    return result.success
      ? []
      : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
  };

  describe.each([
    ['name', 200],
    ['release', 50],
    ['shortname', 50],
    ['description', 1000],
    ['contact', 200],
    ['assetNr', 50],
    ['provider', 200],
    ['vendor', 200],
    ['docUrl', 1000],
    ['cockpitid', 100],
  ])('%s', (field, max) => {
    it(`accepts ${max} characters`, () =>
      expect(saveApplicationSchema.parse({ name: 'Billing', [field]: 'x'.repeat(max) })).toMatchObject({
        [field]: 'x'.repeat(max),
      }));

    it(`refuses ${max + 1} characters`, () =>
      expect(issues({ name: 'Billing', [field]: 'x'.repeat(max + 1) })).toEqual([
        { path: [field], message: `at most ${max} characters` },
      ]));
  });

  it('refuses an unknown field', () =>
    expect(saveApplicationSchema.safeParse({ name: 'Billing', owner: 'Jane' }).error?.issues).toMatchObject([
      { code: 'unrecognized_keys', keys: ['owner'] },
    ]));

  it('requires a name to create', () =>
    expect(issues({ release: '1' })).toEqual([{ path: ['name'], message: 'required' }]));

  it('refuses a blank name', () =>
    expect(issues({ name: '   ' })).toEqual([{ path: ['name'], message: 'required' }]));

  it('lets an update omit the name', () =>
    expect(saveApplicationSchema.parse({ id: 7, version: 2, contact: 'Jane' })).toEqual({
      id: 7,
      version: 2,
      contact: 'Jane',
    }));

  it('requires the version with an id', () =>
    expect(issues({ id: 7, name: 'Billing' })).toEqual([
      { path: ['version'], message: 'required when updating' },
    ]));

  it.each([
    ['a day that does not exist', '2026-02-30', 'not a real date'],
    ['a month that does not exist', '2026-13-01', 'not a real date'],
    ['the display format', '31.12.2026', 'a date as YYYY-MM-DD'],
  ])('refuses %s as a date', (_, date, message) => {
    expect(issues({ name: 'Billing', start: date })).toContainEqual({ path: ['start'], message });
    expect(issues({ name: 'Billing', end: date })).toContainEqual({ path: ['end'], message });
  });

  it('accepts 29 February of a leap year', () =>
    expect(saveApplicationSchema.parse({ name: 'Billing', start: '2028-02-29' }).start).toBe('2028-02-29'));

  it('refuses a status outside the option set', () =>
    expect(issues({ name: 'Billing', status: 'LIVE' })).toEqual([
      { path: ['status'], message: expect.stringContaining('UNDEFINIERT') },
    ]));

  it('leaves an omitted status alone on update', () =>
    expect(saveApplicationSchema.parse({ id: 7, version: 0 })).not.toHaveProperty('status'));
});
