import { commandCatalogue, isCommandType } from './commands';
import type { CommandDefinition, CommandType } from './commands';

const permission = (type: CommandType, data: Record<string, unknown>) =>
  commandCatalogue[type].permission(data);

describe('commandCatalogue', () => {
  it('lists the commands of the public API', () =>
    expect(Object.keys(commandCatalogue).sort()).toEqual([
      'AcceptInvitation',
      'AcceptProjectShare',
      'AddAccountEntries',
      'AddDependency',
      'AddSubgroup',
      'ChangeAttributeSchemas',
      'ChangeMemberRoles',
      'ChangeMyPreferences',
      'ChangeOptionLists',
      'ChangeTenantFeatures',
      'CreateAccount',
      'CreateBaseline',
      'CreateCalendarFeed',
      'CreateComment',
      'CreateGoal',
      'CreateScenario',
      'CreateTenant',
      'CreateUser',
      'DeclineInvitation',
      'DeclineProjectShare',
      'DeleteApplication',
      'DeleteBaseline',
      'DeleteCalendar',
      'DeleteGoal',
      'DeleteGroup',
      'DeleteItem',
      'DeleteResource',
      'DeleteRole',
      'DeleteTrackerConnection',
      'DeleteWebhook',
      'DisableUser',
      'DiscardScenario',
      'EnableUser',
      'InviteMember',
      'PublishScenario',
      'RegenerateCalendarFeed',
      'RemoveAccountEntry',
      'RemoveDependency',
      'RemoveMember',
      'RemoveSubgroup',
      'RenameScenario',
      'RenameSubgroup',
      'Reschedule',
      'RestoreApplication',
      'RestoreGroup',
      'RestoreItem',
      'RestoreSubgroup',
      'RevokeCalendarFeed',
      'SaveApplication',
      'SaveCalendar',
      'SaveGroup',
      'SaveItem',
      'SaveResource',
      'SaveRole',
      'SaveTrackerConnection',
      'SaveWebhook',
      'SetGroupGoals',
      'SetUserPassword',
      'ShareProject',
      'SyncTrackerConnection',
      'UnshareProject',
      'UpdateGoal',
      'UpdateUser',
    ]));

  describe('permissions', () => {
    it.each([
      'ChangeTenantFeatures',
      'ChangeAttributeSchemas',
      'SaveRole',
      'DeleteRole',
      'ChangeMemberRoles',
      'InviteMember',
      'RemoveMember',
      'CreateUser',
      'UpdateUser',
      'SetUserPassword',
      'DisableUser',
      'EnableUser',
      'SaveTrackerConnection',
      'DeleteTrackerConnection',
    ] as const)('needs EDIT on admin for %s', (type) =>
      expect(permission(type, {})).toEqual({ resource: 'admin', action: 'EDIT' }),
    );

    it('needs CREATE on admin to create a tenant, and only a signed-in user to answer an invitation or choose a language', () => {
      expect(permission('ChangeMyPreferences', { language: 'en' })).toBeNull();
      expect(permission('CreateTenant', { name: 'acme' })).toEqual({ resource: 'admin', action: 'CREATE' });
      expect(permission('AcceptInvitation', { tenant: 'acme' })).toBeNull();
      expect(permission('DeclineInvitation', { tenant: 'acme' })).toBeNull();
    });

    it.each(['SaveWebhook', 'DeleteWebhook'] as const)('needs EDIT on webhooks for %s', (type) =>
      expect(permission(type, {})).toEqual({ resource: 'webhooks', action: 'EDIT' }),
    );

    it('needs CREATE on scenarios to branch one and EDIT to rename or discard it', () => {
      expect(permission('CreateScenario', { name: 'Q3 cut' })).toEqual({
        resource: 'scenarios',
        action: 'CREATE',
      });
      expect(permission('RenameScenario', { id: 7, version: 0, name: 'x' })).toEqual({
        resource: 'scenarios',
        action: 'EDIT',
      });
      expect(permission('DiscardScenario', { id: 7, version: 0 })).toEqual({
        resource: 'scenarios',
        action: 'EDIT',
      });
    });

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
      ['RestoreApplication', { id: 7, version: 1 }],
      ['CreateComment', { refType: 'application', refId: 7, description: 'x' }],
      ['CreateAccount', { refType: 'application', refId: 7 }],
    ] as const)('needs EDIT on application-details for %s', (type, data) =>
      expect(permission(type, data)).toEqual({ resource: 'application-details', action: 'EDIT' }),
    );

    it.each([
      ['SaveGroup', { title: 'Roll-out' }, 'CREATE'],
      ['SaveGroup', { id: 7, version: 0 }, 'EDIT'],
      ['DeleteGroup', { id: 7, version: 0 }, 'EDIT'],
      ['RestoreGroup', { id: 7, version: 1 }, 'EDIT'],
      ['RemoveSubgroup', { id: 7, subgroup: 'lane-1' }, 'EDIT'],
      ['RestoreSubgroup', { id: 7, subgroup: 'lane-1' }, 'EDIT'],
      ['SetGroupGoals', { id: 7, goals: [] }, 'EDIT'],
      ['CreateGoal', { name: 'Growth' }, 'CREATE'],
      ['CreateComment', { refType: 'PROJECT', refId: 7, description: 'x' }, 'EDIT'],
      ['CreateAccount', { refType: 'group', refId: 7 }, 'EDIT'],
    ] as const)('%s with %j needs group-details %s', (type, data, action) =>
      expect(permission(type, data)).toEqual({ resource: 'group-details', action }),
    );

    it.each([
      ['AcceptProjectShare', { id: 7 }],
      ['DeclineProjectShare', { id: 7 }],
    ] as const)('%s needs EDIT on group-shares (§6), of the receiving tenant to decide', (type, data) =>
      expect(permission(type, data)).toEqual({ resource: 'group-shares', action: 'EDIT' }),
    );

    it.each([
      ['AddAccountEntries', { accountId: 7, entries: [] }],
      ['RemoveAccountEntry', { accountId: 7, sicht: 'PLAN', periode: '2026' }],
    ] as const)('lets the handler check %s by the refType of the account (§6)', (type, data) => {
      const definition: CommandDefinition = commandCatalogue[type];

      expect(definition.permissionByTarget).toBe(true);
      expect(definition.permission(data, { refType: 'group' })).toEqual({
        resource: 'group-details',
        action: 'EDIT',
      });
      expect(definition.permission(data, { refType: 'application' })).toEqual({
        resource: 'application-details',
        action: 'EDIT',
      });
      expect(
        Object.entries(commandCatalogue)
          .filter(([, d]) => (d as CommandDefinition).permissionByTarget)
          .map(([type]) => type),
      ).toEqual(['AddAccountEntries', 'RemoveAccountEntry']);
    });

    it.each([
      ['UpdateGoal', { id: 7, version: 0, name: 'Growth' }],
      ['DeleteGoal', { id: 7, version: 0 }],
      ['SaveResource', { name: 'Platform team' }],
      ['SaveResource', { id: 7, version: 0, name: 'Platform team' }],
      ['DeleteResource', { id: 7, version: 0 }],
    ] as const)('%s with %j needs admin EDIT', (type, data) =>
      expect(permission(type, data)).toEqual({ resource: 'admin', action: 'EDIT' }),
    );

    it.each(['ShareProject', 'UnshareProject'] as const)('needs EDIT on group-shares for %s', (type) =>
      expect(permission(type, { id: 7, tenant: 'other' })).toEqual({
        resource: 'group-shares',
        action: 'EDIT',
      }),
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
