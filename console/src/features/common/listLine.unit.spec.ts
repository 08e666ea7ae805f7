import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { listEntryLineText } from './listDiff';

/** Issue 20: a list's changed rows in History and Compare follow the language's punctuation. */
describe('list lines in French', () => {
  beforeAll(async () => {
    const common = JSON.parse(
      readFileSync(resolve(import.meta.dirname, 'messages', 'fr-CH.json'), 'utf8'),
    ) as object;
    await i18next
      .createInstance()
      .use(initReactI18next)
      .init({
        lng: 'fr-CH',
        resources: { 'fr-CH': { common } },
        interpolation: { escapeValue: false },
      });
  });

  it('puts a space before the colon', () => {
    expect(
      listEntryLineText({ change: 'changed', noun: 'Objectif', name: 'Croissance', before: '3', after: '5' }),
    ).toBe('Objectif Croissance : 3 → 5');
    expect(
      listEntryLineText({ change: 'added', noun: 'Objectif', name: 'Croissance', before: null, after: '2' }),
    ).toBe('+ Objectif Croissance : 2');
  });
});
