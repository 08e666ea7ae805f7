import { Inject } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import {
  conflictOf,
  invalidField,
  say,
  administers,
  createTenantEvents,
  notFound,
  streamName,
  tenantDecider,
  userDecider,
} from '@fahrplan/contracts';
import type {
  AdministeredTenant,
  CommandResult,
  CreateTenantData,
  MemberFacts,
  TenantCommand,
  UserCommand,
} from '@fahrplan/contracts';
import { WrongExpectedRevisionError, eventMetadata, hashPassword, nameBasedUuid } from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import { SessionService } from '../auth/session.service';
import { AggregateHandler, named } from '../infrastructure/aggregate-handler';
import type { CommandEnvelope } from '../infrastructure/aggregate-runner';
import {
  AcceptInvitationMessage,
  ChangeAttributeSchemasMessage,
  ChangeMyPreferencesMessage,
  ChangeOptionListsMessage,
  ChangeMemberRolesMessage,
  ChangeTenantFeaturesMessage,
  CommandMessage,
  CreateTenantMessage,
  CreateUserMessage,
  DeclineInvitationMessage,
  DeleteRoleMessage,
  DisableUserMessage,
  EnableUserMessage,
  InviteMemberMessage,
  RemoveMemberMessage,
  SaveRoleMessage,
  SetUserPasswordMessage,
  UpdateUserMessage,
} from '../infrastructure/command-message';
import { CLOCK, EVENT_STORE } from '../infrastructure/tokens';

/** Identity commands answer once this service's directory shows them: the caller's next request sees the change. */
abstract class IdentityHandler<M extends CommandMessage> extends AggregateHandler<M> {
  @Inject(EVENT_STORE) protected readonly store!: EventStore;
  @Inject(CLOCK) protected readonly now!: () => Date;

  abstract decide(message: M): Promise<CommandResult>;

  async execute(message: M): Promise<CommandResult> {
    const result = await this.decide(message);
    await this.directory.waitFor(result.position);
    return result;
  }

  /**
   * A name that must stay unique for good (tenants and user names are never deleted): claimed by
   * appending to a name-based stream that must not exist yet.
   */
  protected async claimName(key: string, envelope: CommandEnvelope, message: string): Promise<void> {
    const metadata = eventMetadata({
      tenant: envelope.tenant,
      user: envelope.user,
      timestamp: this.now().toISOString(),
    });
    const claim = { id: randomUUID(), type: 'NameClaimed', data: { key }, metadata };
    try {
      await this.store.append(
        streamName('idempotency', nameBasedUuid(`name\u0000${key.toLowerCase()}`)),
        [claim],
        'no_stream',
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw conflictOf('exists-already', message);
      throw error;
    }
  }

  /** The members of `tenant` as the last-administrator rule needs them (directory facts). */
  protected members(tenant: string): MemberFacts[] {
    return this.directory.usersOf(tenant).map((user) => ({
      id: user.id,
      roles: user.roles,
      permissions: user.homeTenant === tenant ? (this.directory.account(user.id)?.permissions ?? {}) : {},
      disabled: user.disabled,
    }));
  }

  /** The tenants `userId` belongs to, each with who administers it now. */
  protected administered(userId: number): AdministeredTenant[] {
    return this.directory.tenantsOf(userId).tenants.map((tenant) => {
      const roles = this.directory.tenant(tenant)?.roles ?? {};
      return {
        tenant,
        administrators: this.members(tenant)
          .filter((member) => administers(member, roles))
          .map((member) => member.id),
      };
    });
  }

  protected caller(envelope: CommandEnvelope) {
    const caller = this.directory.user(envelope.tenant, envelope.user);
    if (!caller) throw notFound('user');
    return caller;
  }

  /** Runs a tenant command on the stream of `tenant` (the caller's unless an invitation names another). */
  protected runTenant(
    command: TenantCommand,
    envelope: CommandEnvelope,
    extra: {
      id?: number;
      newId?: number;
      homeUser?: boolean;
      heldRoles?: readonly number[];
      invitee?: { id: number; tenant: string; username: string };
      nameTaken?: boolean;
    } = {},
  ): Promise<CommandResult> {
    const tenant = this.directory.tenant(envelope.tenant);
    if (!tenant) throw notFound('tenant');
    const { id, newId, ...context } = extra;
    return this.runner.run({
      stream: streamName('tenant', tenant.id),
      id: id ?? tenant.id,
      what: 'tenant',
      decider: tenantDecider,
      command,
      envelope,
      context: (_state, base) => ({
        ...base,
        newId: newId ?? base.newId,
        members: this.members(tenant.name),
        ...context,
      }),
    });
  }

  protected runUser(command: UserCommand, userId: number, envelope: CommandEnvelope, passwordHash?: string) {
    const callerId = this.caller(envelope).id;
    return this.runner.run({
      stream: streamName('user', userId),
      id: userId,
      what: 'user',
      decider: userDecider,
      command,
      envelope,
      context: (_state, base) => ({
        ...base,
        callerId,
        administered: this.administered(userId),
        ...(passwordHash ? { passwordHash } : {}),
      }),
    });
  }
}

@CommandHandler(CreateTenantMessage)
export class CreateTenantHandler extends IdentityHandler<CreateTenantMessage> {
  async decide({ data, envelope }: CreateTenantMessage): Promise<CommandResult> {
    const command = data as CreateTenantData;
    const caller = this.caller(envelope);
    await this.claimName(`tenant\u0000${command.name}`, envelope, 'tenant exists already');
    const [tenant, administrator, viewer, auditor] = [
      await this.runner.allocateId(),
      await this.runner.allocateId(),
      await this.runner.allocateId(),
      await this.runner.allocateId(),
    ] as const;
    const events = createTenantEvents(
      command,
      { tenant, administrator, viewer, auditor },
      {
        id: caller.id,
        tenant: caller.homeTenant,
        username: caller.username,
      },
    );
    // the new tenant owns its stream, so its name is the events' tenant; the creator is the user
    const metadata = eventMetadata({
      tenant: command.name,
      user: envelope.user,
      timestamp: this.now().toISOString(),
      command: envelope.commandType,
    });
    const result = await this.store.append(
      streamName('tenant', tenant),
      events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
      'no_stream',
    );
    return { id: tenant, version: result.nextRevision, position: result.position };
  }
}

const tenantCommand =
  <T extends TenantCommand['type']>(type: T) =>
  (data: unknown) =>
    ({ type, data }) as TenantCommand;

/** The handler of a tenant command that needs no facts beyond the tenant's stream. */
const tenantStreamHandler = (message: Type<CommandMessage>, type: TenantCommand['type']) => {
  @CommandHandler(message)
  class TenantStreamHandler extends IdentityHandler<CommandMessage> {
    decide({ data, envelope }: CommandMessage) {
      return this.runTenant(tenantCommand(type)(data), envelope);
    }
  }
  return named(TenantStreamHandler, type);
};

@CommandHandler(SaveRoleMessage)
export class SaveRoleHandler extends IdentityHandler<SaveRoleMessage> {
  async decide({ data, envelope }: SaveRoleMessage) {
    const given = (data as { id?: number }).id;
    const id = given ?? (await this.runner.allocateId());
    return this.runTenant(tenantCommand('SaveRole')(data), envelope, { id, newId: id });
  }
}

@CommandHandler(DeleteRoleMessage)
export class DeleteRoleHandler extends IdentityHandler<DeleteRoleMessage> {
  decide({ data, envelope }: DeleteRoleMessage) {
    return this.runTenant(tenantCommand('DeleteRole')(data), envelope, {
      id: (data as { id: number }).id,
      heldRoles: Object.values(this.directory.tenant(envelope.tenant)?.members ?? {}).flat(),
    });
  }
}

@CommandHandler(ChangeMemberRolesMessage)
export class ChangeMemberRolesHandler extends IdentityHandler<ChangeMemberRolesMessage> {
  decide({ data, envelope }: ChangeMemberRolesMessage) {
    const user = (data as { user: number }).user;
    return this.runTenant(tenantCommand('ChangeMemberRoles')(data), envelope, {
      id: user,
      homeUser: this.directory.account(user)?.homeTenant === envelope.tenant,
    });
  }
}

@CommandHandler(RemoveMemberMessage)
export class RemoveMemberHandler extends IdentityHandler<RemoveMemberMessage> {
  decide({ data, envelope }: RemoveMemberMessage) {
    return this.runTenant(tenantCommand('RemoveMember')(data), envelope, {
      id: (data as { user: number }).user,
    });
  }
}

/** The invited user answers on the inviting tenant's stream: its events belong to that tenant. */
abstract class AnswerInvitationHandler<M extends CommandMessage> extends IdentityHandler<M> {
  protected answer(type: 'AcceptInvitation' | 'DeclineInvitation', { data, envelope }: M) {
    const target = (data as { tenant: string }).tenant;
    const caller = this.caller(envelope);
    if (!this.directory.tenant(target)) throw notFound('invitation');
    const holder = this.directory.user(target, caller.username);
    return this.runTenant(
      { type, data: { tenant: target } },
      { ...envelope, tenant: target, source: 'invitation' },
      {
        invitee: { id: caller.id, tenant: caller.homeTenant, username: caller.username },
        nameTaken: holder !== undefined && holder.id !== caller.id,
      },
    );
  }
}

@CommandHandler(AcceptInvitationMessage)
export class AcceptInvitationHandler extends AnswerInvitationHandler<AcceptInvitationMessage> {
  decide(message: AcceptInvitationMessage) {
    return this.answer('AcceptInvitation', message);
  }
}

@CommandHandler(DeclineInvitationMessage)
export class DeclineInvitationHandler extends AnswerInvitationHandler<DeclineInvitationMessage> {
  decide(message: DeclineInvitationMessage) {
    return this.answer('DeclineInvitation', message);
  }
}

@CommandHandler(CreateUserMessage)
export class CreateUserHandler extends IdentityHandler<CreateUserMessage> {
  async decide({ data, envelope }: CreateUserMessage) {
    const command = data as { username: string; password: string; roles: number[] };
    const tenant = this.directory.tenant(envelope.tenant);
    const unknown = command.roles.filter((r) => !tenant?.roles[r]);
    if (unknown.length > 0) throw invalidField('roles', say('not-found'), 'role not found');
    const taken = this.directory.user(envelope.tenant, command.username) !== undefined;
    if (!taken)
      await this.claimName(
        `user\u0000${envelope.tenant}\u0000${command.username}`,
        envelope,
        'user name taken',
      );
    const id = await this.runner.allocateId();
    const callerId = this.caller(envelope).id;
    return this.runner.run({
      stream: streamName('user', id),
      id,
      what: 'user',
      decider: userDecider,
      command: { type: 'CreateUser', data } as UserCommand,
      envelope,
      context: async (_state, base) => ({
        ...base,
        callerId,
        nameTaken: taken,
        passwordHash: taken ? '' : await hashPassword(command.password),
      }),
    });
  }
}

const userCommand = (type: Exclude<UserCommand['type'], 'CreateUser'>, data: unknown) =>
  ({ type, data }) as UserCommand;

@CommandHandler(UpdateUserMessage)
export class UpdateUserHandler extends IdentityHandler<UpdateUserMessage> {
  decide({ data, envelope }: UpdateUserMessage) {
    return this.runUser(userCommand('UpdateUser', data), (data as { id: number }).id, envelope);
  }
}

/** Setting a password or disabling ends the user's sessions: re-enabling does not revive them. */
abstract class EndingSessionsHandler<M extends CommandMessage> extends IdentityHandler<M> {
  @Inject(SessionService) private readonly sessions!: SessionService;

  protected async endingSessions(
    id: number,
    reason: 'disabled' | 'password-changed',
    envelope: CommandEnvelope,
    run: () => Promise<CommandResult>,
  ): Promise<CommandResult> {
    const result = await run();
    await this.sessions.endAllOf(id, reason, envelope.user);
    return result;
  }
}

@CommandHandler(SetUserPasswordMessage)
export class SetUserPasswordHandler extends EndingSessionsHandler<SetUserPasswordMessage> {
  async decide({ data, envelope }: SetUserPasswordMessage) {
    const { id, password } = data as { id: number; password: string };
    // hashing costs a second of CPU: only for a user of the caller's tenant (the decider checks again)
    if (this.directory.account(id)?.homeTenant !== envelope.tenant) throw notFound('user');
    const passwordHash = await hashPassword(password);
    return this.endingSessions(id, 'password-changed', envelope, () =>
      this.runUser(userCommand('SetUserPassword', data), id, envelope, passwordHash),
    );
  }
}

@CommandHandler(DisableUserMessage)
export class DisableUserHandler extends EndingSessionsHandler<DisableUserMessage> {
  decide({ data, envelope }: DisableUserMessage) {
    const id = (data as { id: number }).id;
    return this.endingSessions(id, 'disabled', envelope, () =>
      this.runUser(userCommand('DisableUser', data), id, envelope),
    );
  }
}

@CommandHandler(EnableUserMessage)
export class EnableUserHandler extends IdentityHandler<EnableUserMessage> {
  decide({ data, envelope }: EnableUserMessage) {
    return this.runUser(userCommand('EnableUser', data), (data as { id: number }).id, envelope);
  }
}

/** Anyone signed in changes their own preferences: the user is the token's, never the body's. */
@CommandHandler(ChangeMyPreferencesMessage)
export class ChangeMyPreferencesHandler extends IdentityHandler<ChangeMyPreferencesMessage> {
  decide({ data, envelope }: ChangeMyPreferencesMessage) {
    return this.runUser(userCommand('ChangeMyPreferences', data), this.caller(envelope).id, envelope);
  }
}

export const identityHandlers = [
  ChangeMyPreferencesHandler,
  CreateTenantHandler,
  tenantStreamHandler(ChangeTenantFeaturesMessage, 'ChangeTenantFeatures'),
  tenantStreamHandler(ChangeAttributeSchemasMessage, 'ChangeAttributeSchemas'),
  tenantStreamHandler(ChangeOptionListsMessage, 'ChangeOptionLists'),
  SaveRoleHandler,
  DeleteRoleHandler,
  ChangeMemberRolesHandler,
  tenantStreamHandler(InviteMemberMessage, 'InviteMember'),
  RemoveMemberHandler,
  AcceptInvitationHandler,
  DeclineInvitationHandler,
  CreateUserHandler,
  UpdateUserHandler,
  SetUserPasswordHandler,
  DisableUserHandler,
  EnableUserHandler,
];
