import { describe, expect, it } from '@jest/globals';
import type { MeView } from '@fahrplan/contracts';
import {
  decidedInScenario,
  meInScenario,
  parseScenario,
  scenarioHeader,
  scenarioOf,
  scenarioRequest,
  withScenario,
} from './scenario';
import { asOfRequest } from './asOf';

describe('the scenario in the URL', () => {
  it('is a positive integer id, else none', () => {
    expect(scenarioOf(new URLSearchParams('scenario=17&view=chart'))).toBe(17);
    expect(parseScenario('0')).toBeNull();
    expect(parseScenario('-3')).toBeNull();
    expect(parseScenario('17a')).toBeNull();
    expect(parseScenario('')).toBeNull();
    expect(parseScenario(null)).toBeNull();
  });

  it('is set and removed without touching the other parameters', () => {
    const params = new URLSearchParams('view=chart');
    expect(withScenario(params, 5).toString()).toBe('view=chart&scenario=5');
    expect(withScenario(withScenario(params, 5), null).toString()).toBe('view=chart');
  });
});

describe('decidedInScenario', () => {
  it('takes the planning commands', () => {
    for (const type of [
      'SaveItem',
      'DeleteItem',
      'SaveGroup',
      'AddSubgroup',
      'AddAccountEntries',
      'Reschedule',
    ])
      expect(decidedInScenario(type)).toBe(true);
  });

  it('leaves administration, baselines, the scenarios themselves and the user’s own commands live', () => {
    for (const type of [
      'CreateScenario',
      'RenameScenario',
      'DiscardScenario',
      'PublishScenario',
      'ResolveScenarioConflict',
      'CreateBaseline',
      'SaveRole',
      'ChangeMyPreferences',
      'AcceptInvitation',
      'NoSuchCommand',
    ])
      expect(decidedInScenario(type)).toBe(false);
  });
});

describe('scenarioRequest', () => {
  it('leaves every request alone on the live plan', () => {
    expect(scenarioRequest('/timeline', null)).toBe('/timeline');
    const command = { url: '/commands/SaveItem', method: 'POST', body: {} };
    expect(scenarioRequest(command, null)).toBe(command);
  });

  it('asks queries for the scenario, keeping their parameters', () => {
    expect(scenarioRequest('/groups', 7)).toEqual({ url: '/groups', params: { scenario: 7 } });
    expect(scenarioRequest({ url: '/timeline', params: { from: '2026-01-01' } }, 7)).toEqual({
      url: '/timeline',
      params: { from: '2026-01-01', scenario: 7 },
    });
  });

  it('sends planning commands with the header, keeping theirs', () => {
    const command = {
      url: '/commands/SaveItem',
      method: 'POST',
      body: { id: 1 },
      headers: { 'Idempotency-Key': 'k' },
    };
    expect(scenarioRequest(command, 7)).toEqual({
      ...command,
      headers: { 'Idempotency-Key': 'k', [scenarioHeader]: '7' },
    });
  });

  it('asks a command’s preview for the scenario (it stores nothing), and only a preview of the POSTs', () => {
    const preview = { url: '/commands/Reschedule/preview', method: 'POST', body: { moves: [] } };
    expect(scenarioRequest(preview, 7)).toEqual({ ...preview, params: { scenario: 7 } });
    expect(scenarioRequest(preview, null)).toBe(preview);
    const other = { url: '/admin/imports', method: 'POST', body: {} };
    expect(scenarioRequest(other, 7)).toBe(other);
  });

  it('sends the scenario lifecycle and administration without it', () => {
    const discard = { url: '/commands/DiscardScenario', method: 'POST', body: { id: 7, version: 0 } };
    expect(scenarioRequest(discard, 7)).toBe(discard);
  });

  it('leaves identity, the change feed, history, the scenarios list and live queries alone', () => {
    for (const url of [
      '/me',
      '/auth/refresh',
      '/changes?after=3',
      '/history/item/4',
      '/scenarios',
      '/scenarios/7/diff',
    ])
      expect(scenarioRequest(url, 7)).toBe(url);
    const live = { url: '/timeline', params: { from: '2026-01-01' }, live: true };
    expect(scenarioRequest(live, 7)).toBe(live);
    // the live flag is dropped before fetch, as for the as-of instant
    expect(asOfRequest(scenarioRequest(live, 7), null).args).toEqual({
      url: '/timeline',
      params: { from: '2026-01-01' },
    });
  });
});

describe('meInScenario', () => {
  const me = (permissions: MeView['permissions']) => ({ permissions }) as MeView;
  const planner = me({ items: ['VIEW', 'EDIT'], scenarios: ['VIEW', 'CREATE', 'EDIT'] });
  const viewer = me({ items: ['VIEW', 'EDIT'], scenarios: ['VIEW'] });

  it('keeps the rights of a user who may change scenarios, and every right on the live plan', () => {
    expect(meInScenario(planner, 7)).toBe(planner);
    expect(meInScenario(viewer, null)).toBe(viewer);
  });

  it('makes the scenario view-only without scenarios EDIT', () => {
    expect(meInScenario(viewer, 7)?.permissions).toEqual({ items: ['VIEW'], scenarios: ['VIEW'] });
    expect(meInScenario(null, 7)).toBeNull();
  });
});
