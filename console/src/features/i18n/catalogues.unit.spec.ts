import { describe, expect, it } from '@jest/globals';
import { cataloguesOf } from './catalogues';

describe('cataloguesOf', () => {
  it('files by feature and language become namespaces per language', () => {
    const resources = cataloguesOf({
      '/src/features/layout/messages/de-CH.json': { nav: { home: 'Start' } },
      '/src/features/layout/messages/fr-CH.json': { nav: { home: 'Accueil' } },
      '/src/features/auth/messages/de-CH.json': { login: 'Anmelden' },
    });
    expect(resources['de-CH']).toEqual({ layout: { nav: { home: 'Start' } }, auth: { login: 'Anmelden' } });
    expect(resources['fr-CH']).toEqual({ layout: { nav: { home: 'Accueil' } } });
    expect(resources.en).toEqual({});
  });

  it('refuses a catalogue of a language the console does not speak, or one out of place', () => {
    expect(() => cataloguesOf({ '/src/features/layout/messages/de-DE.json': {} })).toThrow(
      'not a message catalogue',
    );
    expect(() => cataloguesOf({ '/src/features/layout/de-CH.json': {} })).toThrow('not a message catalogue');
  });
});
