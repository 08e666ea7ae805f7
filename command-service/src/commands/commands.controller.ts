import { Body, Controller, Headers, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import stableStringify from 'fast-json-stable-stringify';
import { createHash } from 'node:crypto';
import {
  DomainError,
  can,
  commandCatalogue,
  flowSourcePattern,
  isCommandType,
  notPermitted,
  scenarioCommandTypes,
  scenarioHeaderPattern,
  validationError,
} from '@fahrplan/contracts';
import type { CommandResult } from '@fahrplan/contracts';
import { AuthGuard, CurrentPrincipal, DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { messageClasses } from '../infrastructure/command-message';

/** An Idempotency-Key a client may send (the OpenAPI document states it too). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request as the command it makes (type and validated data, keys in a stable order), digested. */
const fingerprintOf = (type: string, data: unknown, scenario: string | undefined) =>
  createHash('sha256')
    // the scenario is part of the request: a key first used on the live plan is refused in a scenario
    .update(stableStringify(scenario === undefined ? { type, data } : { type, data, scenario }))
    .digest('base64url');

/** POST /api/commands/<CommandType>: validate with the contracts schema, check the permission, dispatch. */
@Controller('api/commands')
@UseGuards(AuthGuard)
export class CommandsController {
  constructor(
    private readonly bus: CommandBus,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
  ) {}

  @Post(':type')
  @HttpCode(200)
  async run(
    @Param('type') type: string,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Headers('x-fahrplan-source') source: string | undefined,
    @Headers('x-fahrplan-scenario') scenario: string | undefined,
    @Req() request: { is(type: string): string | false | null },
    @CurrentPrincipal() principal: Principal,
  ): Promise<CommandResult> {
    if (!isCommandType(type)) throw new DomainError('not_found', `unknown command type '${type}'`);
    if (!request.is('application/json'))
      throw validationError('the command must be sent as application/json');
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw validationError('the command must be a JSON object');
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey))
      throw validationError('the Idempotency-Key header must be 8 to 128 letters, digits or . _ : -');
    // a console flow names its step (history rows show it); other sources are set by the server only
    if (source !== undefined && !flowSourcePattern.test(source))
      throw validationError(
        'the X-Fahrplan-Source header must name a flow step, e.g. flow:save-project/step-2',
      );
    if (scenario !== undefined && !scenarioHeaderPattern.test(scenario))
      throw validationError('the X-Fahrplan-Scenario header must be the id of a scenario');
    if (scenario !== undefined && !scenarioCommandTypes.includes(type))
      throw validationError(
        `${type} cannot be sent to a scenario: only planning commands can (${scenarioCommandTypes.join(', ')})`,
      );
    const definition = commandCatalogue[type];
    const data = definition.schema.parse(body) as Record<string, unknown>;
    const user = this.directory.user(principal.tenant, principal.username);
    const required = definition.permission(data);
    // a permission that depends on the targeted record is checked by the handler that loads it
    const byTarget = 'permissionByTarget' in definition && definition.permissionByTarget;
    if (!user || (!byTarget && required && !can(user.permissions, required.resource, required.action)))
      throw notPermitted();
    // changing a scenario's plan is editing the scenario
    if (scenario !== undefined && !can(user.permissions, 'scenarios', 'EDIT')) throw notPermitted();
    return this.bus.execute(
      new messageClasses[type](data, {
        tenant: principal.tenant,
        user: principal.username,
        commandType: type,
        ...(idempotencyKey
          ? { idempotencyKey, requestFingerprint: fingerprintOf(type, data, scenario) }
          : {}),
        ...(source ? { source } : {}),
        ...(scenario ? { scenario: Number(scenario) } : {}),
      }),
    );
  }
}
