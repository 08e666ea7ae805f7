import { describe, expect, it } from '@jest/globals';
import { hostWithoutSchemeMessage, saveTrackerConnectionSchema } from '@fahrplan/contracts';
import type { TrackerConnectionView } from '@fahrplan/contracts';
import {
  connectionChanged,
  connectionFormValidator,
  toConnectionFormValues,
  toSaveConnection,
  toTestConnection,
} from './connectionForm';
import type { ConnectionFormValues } from './connectionForm';
import { englishT } from '../i18n/testing';

const t = englishT('tracker');

const saved: TrackerConnectionView = {
  id: 4,
  name: 'Jira Cloud',
  baseUrl: 'https://acme.atlassian.net',
  deployment: 'cloud',
  authMode: 'basic',
  email: 'bot@acme.example',
  hasSecret: true,
  version: 2,
  sync: { lastAttemptAt: null, lastSuccessAt: null, error: null },
};

const fresh = (overrides: Partial<ConnectionFormValues> = {}): ConnectionFormValues => ({
  name: 'Jira',
  baseUrl: 'https://jira.example.com/jira/',
  deployment: 'datacenter',
  authMode: 'pat',
  email: 'ignored@example.com',
  secret: 's3cret',
  ...overrides,
});

describe('connection form → SaveTrackerConnection', () => {
  it('creates with the secret; the e-mail only for basic authentication', () => {
    const command = toSaveConnection(fresh(), null);
    expect(command).toEqual({
      name: 'Jira',
      baseUrl: 'https://jira.example.com/jira/',
      deployment: 'datacenter',
      authMode: 'pat',
      email: null,
      secret: 's3cret',
    });
    expect(saveTrackerConnectionSchema.parse(command).baseUrl).toBe('https://jira.example.com/jira');
  });

  it('changes the version the user saw and omits an empty secret (the stored one is kept)', () => {
    const values = { ...toConnectionFormValues(saved), name: 'Acme Jira' };
    const command = toSaveConnection(values, saved);
    expect(command).toEqual({
      id: 4,
      version: 2,
      name: 'Acme Jira',
      baseUrl: 'https://acme.atlassian.net',
      deployment: 'cloud',
      authMode: 'basic',
      email: 'bot@acme.example',
    });
    expect('secret' in command).toBe(false);
  });

  it('tests the typed values, with the stored secret of a saved connection when none is typed', () => {
    expect(toTestConnection(toConnectionFormValues(saved), saved)).toEqual({
      id: 4,
      baseUrl: 'https://acme.atlassian.net',
      deployment: 'cloud',
      authMode: 'basic',
      email: 'bot@acme.example',
    });
    expect(toTestConnection(fresh(), null)).toMatchObject({ secret: 's3cret', email: null });
  });

  it('starts a new connection empty (cloud, basic) and an edit without its secret', () => {
    expect(toConnectionFormValues(null)).toEqual({
      name: '',
      baseUrl: '',
      deployment: 'cloud',
      authMode: 'basic',
      email: '',
      secret: '',
    });
    expect(toConnectionFormValues(saved).secret).toBe('');
  });
});

describe('connection form rules', () => {
  it("says §8's message for a base URL without a scheme", () => {
    const errors = connectionFormValidator(null, t)(fresh({ baseUrl: 'jira.example.com' }));
    expect(errors.baseUrl).toBe(hostWithoutSchemeMessage);
  });

  it('needs a secret for a new connection and an e-mail for basic authentication', () => {
    const errors = connectionFormValidator(null, t)(fresh({ secret: '', authMode: 'basic', email: '' }));
    expect(errors.secret).toBeTruthy();
    expect(errors.email).toBeTruthy();
    expect(connectionFormValidator(null, t)(fresh())).toEqual({});
  });

  it('keeps the stored secret on an edit, but a changed authentication mode needs a new one', () => {
    const validate = connectionFormValidator(saved, t);
    expect(validate(toConnectionFormValues(saved))).toEqual({});
    expect(validate({ ...toConnectionFormValues(saved), authMode: 'bearer' }).secret).toBe(
      'required when the authentication mode changes',
    );
    expect(validate({ ...toConnectionFormValues(saved), authMode: 'bearer', secret: 'token' })).toEqual({});
  });

  it('knows whether anything changed (a typed secret counts; a trailing slash does not)', () => {
    const values = toConnectionFormValues(saved);
    expect(connectionChanged(values, saved)).toBe(false);
    expect(connectionChanged({ ...values, baseUrl: 'https://acme.atlassian.net/' }, saved)).toBe(false);
    expect(connectionChanged({ ...values, secret: 'new' }, saved)).toBe(true);
    expect(connectionChanged({ ...values, deployment: 'datacenter' }, saved)).toBe(true);
    expect(connectionChanged(values, null)).toBe(true);
  });
});
