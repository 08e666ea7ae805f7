import { can, commandCatalogue, isCommandType } from '@fahrplan/contracts';
import type { MeView } from '@fahrplan/contracts';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { viewOnly } from './asOf';
import type { ApiArgs } from './asOf';

/**
 * Issue 22: the console shows a what-if scenario instead of the live plan. The URL parameter `scenario`
 * is the source of truth (a link opens the same view); a redux slice mirrors it for the base query.
 */
export const scenarioParam = 'scenario';

/** The header that decides a command inside a scenario (docs/design/scenarios.md). */
export const scenarioHeader = 'X-Fahrplan-Scenario';

/** The scenario id of a URL's search parameters (a positive integer), or null. */
export const parseScenario = (raw: string | null | undefined): number | null =>
  raw != null && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;

/** The scenario of a URL's search parameters, or null for the live plan. */
export const scenarioOf = (params: URLSearchParams): number | null =>
  parseScenario(params.get(scenarioParam));

/** `params` with `scenario` set to `id`, or without it for the live plan. */
export const withScenario = (params: URLSearchParams, id: number | null): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (id === null) next.delete(scenarioParam);
  else next.set(scenarioParam, String(id));
  return next;
};

/**
 * The commands that are not about the plan: the tenant's administration, baselines (names of live
 * instants), the scenarios themselves, and what a signed-in user does for themselves. They never carry
 * the scenario; every other command does, so that one the scenario does not take yet is refused by the
 * server (400) instead of changing the live plan.
 */
const outsideThePlan: ReadonlySet<string> = new Set(['admin', 'history', 'scenarios']);

/** Whether a command of `type` is decided inside the chosen scenario. */
export const decidedInScenario = (type: string): boolean => {
  if (!isCommandType(type)) return false;
  const permission = commandCatalogue[type].permission({});
  return permission !== null && !outsideThePlan.has(permission.resource);
};

/** Queries that answer the same in every scenario: identity, the change feed, history, the scenarios. */
const planless = /^\/(auth|me|changes|history|scenarios)(\/|$|\?)/;

const commandType = /^\/commands\/([A-Za-z]+)$/;

/** A command's preview (POST, stores nothing): answered on the scenario's view, like a query. */
const commandPreview = /^\/commands\/[A-Za-z]+\/preview$/;

/**
 * What a request becomes while a scenario is shown: GET queries and command previews gain
 * `?scenario=` (unless `live`), planning commands the header `X-Fahrplan-Scenario`. The `live` flag stays for asOfRequest to drop.
 */
export const scenarioRequest = (args: ApiArgs, scenario: number | null): ApiArgs => {
  if (scenario === null) return args;
  const fetchArgs: FetchArgs & { live?: boolean } = typeof args === 'string' ? { url: args } : args;
  const method = (fetchArgs.method ?? 'GET').toUpperCase();
  const command = commandType.exec(fetchArgs.url)?.[1];
  if (command !== undefined && method === 'POST') {
    if (!decidedInScenario(command)) return args;
    const headers = { ...(fetchArgs.headers as Record<string, string> | undefined) };
    return { ...fetchArgs, headers: { ...headers, [scenarioHeader]: String(scenario) } };
  }
  const read = method === 'GET' || (method === 'POST' && commandPreview.test(fetchArgs.url));
  if (fetchArgs.live || !read || planless.test(fetchArgs.url)) return args;
  return {
    ...fetchArgs,
    params: { ...(fetchArgs.params as Record<string, unknown> | undefined), [scenarioParam]: scenario },
  };
};

/**
 * The signed-in user as the console acts for it inside a scenario: a change there needs scenarios EDIT
 * beside the change's own permission, so without it the scenario is view-only.
 */
export const meInScenario = (me: MeView | null, scenario: number | null): MeView | null =>
  me && scenario !== null && !can(me.permissions, 'scenarios', 'EDIT')
    ? { ...me, permissions: viewOnly(me.permissions) }
    : me;
