import { commandCatalogue, isCommandType } from './commands';
import type { CommandType } from './commands';

const permission = (type: CommandType, data: Record<string, unknown>) =>
  commandCatalogue[type].permission(data);

describe('commandCatalogue', () => {
  it('lists the commands of the public API', () =>
    expect(Object.keys(commandCatalogue).sort()).toEqual([
      'AddAccountEntries',
      'CreateAccount',
      'CreateComment',
      'DeleteApplication',
      'SaveApplication',
    ]));

  describe('permissions', () => {
    it('needs CREATE on application-details to save an application without id', () =>
      expect(permission('SaveApplication', { name: 'Billing' })).toEqual({
        resource: 'application-details',
        action: 'CREATE',
      }));

    it('needs EDIT on application-details to save an application with id', () =>
      expect(permission('SaveApplication', { id: 7, version: 0, name: 'Billing' })).toEqual({
        resource: 'application-details',
        action: 'EDIT',
      }));

    it.each([
      ['DeleteApplication', { id: 7, version: 0 }],
      ['CreateComment', { refType: 'application', refId: 7, description: 'x' }],
      ['CreateAccount', { refType: 'application', refId: 7 }],
      ['AddAccountEntries', { accountId: 7, entries: [] }],
      ['AddAccountEntries', {}],
    ] as const)('needs EDIT on application-details for %s', (type, data) =>
      expect(permission(type, data)).toEqual({ resource: 'application-details', action: 'EDIT' }),
    );
  });

  it.each(Object.keys(commandCatalogue))('%s refuses unknown fields', (type) =>
    expect(commandCatalogue[type as CommandType].schema.safeParse({ unexpected: true }).success).toBe(false),
  );
});

describe('isCommandType', () => {
  it.each(['SaveApplication', 'DeleteApplication', 'CreateComment', 'CreateAccount', 'AddAccountEntries'])(
    'accepts %s',
    (type) => expect(isCommandType(type)).toBe(true),
  );

  it.each([
    'toString',
    '__proto__',
    'constructor',
    'hasOwnProperty',
    'valueOf',
    'saveApplication',
    'DropTables',
    '',
  ])('refuses %p', (type) => expect(isCommandType(type)).toBe(false));
});
