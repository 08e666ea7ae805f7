import { decideUser, evolveUser, initialUserState } from '../identity/user';
import type { UserContext, UserState } from '../identity/user';
import {
  changeMyPreferencesSchema,
  changedPreferences,
  consoleLanguageOf,
  languageFor,
  noPreferences,
  preferencesOf,
} from './preferences';
import type { UserPreferences } from './preferences';

describe('consoleLanguageOf', () => {
  it('takes only the four languages, exactly', () => {
    expect(consoleLanguageOf('fr-CH')).toBe('fr-CH');
    expect(consoleLanguageOf('fr')).toBeNull();
    expect(consoleLanguageOf(null)).toBeNull();
  });
});

describe('languageFor', () => {
  it("the user's choice wins over the browser", () => {
    expect(languageFor('it-CH', ['fr-CH', 'en'])).toBe('it-CH');
  });

  it("else the browser's first language the console speaks, exactly or by language", () => {
    expect(languageFor(null, ['fr-CH', 'de-CH'])).toBe('fr-CH');
    expect(languageFor(null, ['es', 'en-GB', 'de'])).toBe('en');
    expect(languageFor(undefined, ['de-DE'])).toBe('de-CH');
    expect(languageFor(null, ['IT'])).toBe('it-CH');
  });

  it('else German', () => {
    expect(languageFor(null, [])).toBe('de-CH');
    expect(languageFor(null, ['ja', 'pt-BR'])).toBe('de-CH');
  });
});

describe('ChangeMyPreferences', () => {
  const created: UserState = evolveUser(initialUserState, {
    type: 'UserCreated',
    data: { id: 7, tenant: 'acme', username: 'ann', displayName: 'Ann', passwordHash: 'x', permissions: {} },
  });
  const context = (callerId: number): UserContext => ({
    tenant: 'globex',
    user: 'ann',
    now: '2026-11-28T12:00:00.000Z',
    newId: 0,
    callerId,
  });

  it('a field left out keeps its value; null clears the language', () => {
    const english = { ...noPreferences, language: 'en' as const };
    expect(changedPreferences(english, {})).toEqual(english);
    expect(changedPreferences(english, { language: null })).toEqual(noPreferences);
    expect(changedPreferences(english, { theme: 'dark', shortcuts: false })).toEqual({
      ...english,
      theme: 'dark',
      shortcuts: false,
    });
  });

  it('reads an event recorded before themes (language only) with the defaults for the rest', () => {
    expect(preferencesOf({ language: 'it-CH' })).toEqual({
      language: 'it-CH',
      theme: 'system',
      highContrast: false,
      shortcuts: true,
    });
    const before = evolveUser(created, {
      type: 'UserPreferencesChanged',
      data: { language: 'it-CH' } as UserPreferences,
    });
    expect(before.status === 'active' && preferencesOf(before)).toEqual({
      ...noPreferences,
      language: 'it-CH',
    });
    // the state holds what the user changed, each once, so History shows just that
    expect(before.status === 'active' && 'theme' in before).toBe(false);
  });

  it("changes the caller's own account in whichever tenant they act, and only when something changes", () => {
    const events = decideUser(
      { type: 'ChangeMyPreferences', data: { language: 'fr-CH' } },
      created,
      context(7),
    );
    expect(events).toEqual([
      { type: 'UserPreferencesChanged', data: { ...noPreferences, language: 'fr-CH' } },
    ]);
    const after = evolveUser(created, events[0]!);
    expect(after.status === 'active' && after.language).toBe('fr-CH');
    expect(
      decideUser({ type: 'ChangeMyPreferences', data: { language: 'fr-CH' } }, after, context(7)),
    ).toEqual([]);
    const dark = decideUser({ type: 'ChangeMyPreferences', data: { theme: 'dark' } }, after, context(7));
    expect(dark).toEqual([
      { type: 'UserPreferencesChanged', data: { ...noPreferences, language: 'fr-CH', theme: 'dark' } },
    ]);
  });

  it("refuses another user's account as unknown", () => {
    expect(() =>
      decideUser({ type: 'ChangeMyPreferences', data: { language: 'en' } }, created, context(8)),
    ).toThrow('user not found');
  });

  it('the schema names the languages it accepts and refuses anything else', () => {
    const result = changeMyPreferencesSchema.safeParse({ language: 'de-DE' });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('fr-CH');
    expect(changeMyPreferencesSchema.safeParse({ language: 'de-CH', id: 3 }).success).toBe(false);
    const theme = changeMyPreferencesSchema.safeParse({ theme: 'sepia' });
    expect(JSON.stringify(theme.error?.issues)).toContain('dark');
    expect(changeMyPreferencesSchema.safeParse({ shortcuts: 'no' }).success).toBe(false);
  });
});
