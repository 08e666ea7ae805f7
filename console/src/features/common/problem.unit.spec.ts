import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { rangeMessage, ranges, say } from '@fahrplan/contracts';
import { describeError, fieldMessage, formErrorsOf } from './problem';

const catalogue = (language: string) =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, 'messages', `${language}.json`), 'utf8')) as object;

const refused = (status: number, detail: string, code: string, params?: Record<string, string | number>) => ({
  status,
  data: { type: 'about:blank', title: 'Error', status, detail, code, ...(params ? { params } : {}) },
});

/** Issue 20: the server's problems and field errors said by their codes in the language shown. */
describe('problems in the language shown', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.use(initReactI18next).init({
      lng: 'de-CH',
      resources: { 'de-CH': { common: catalogue('de-CH') }, en: { common: catalogue('en') } },
      interpolation: { escapeValue: false },
    });
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('says a problem by its code, naming the record kind in German', () => {
    expect(describeError(refused(404, 'application not found', 'not-found', { what: 'application' }))).toBe(
      'Applikation nicht gefunden.',
    );
    expect(
      describeError(refused(409, 'version conflict: …', 'version-conflict', { currentVersion: 1204 })),
    ).toBe("Jemand anderes hat diesen Datensatz inzwischen geändert (jetzt Version 1'204).");
  });

  it('says why an import refused its file, with the values the server named (issue 23)', () => {
    expect(
      describeError(
        refused(400, 'more than 10,000 rows: split the file', 'too-many-rows', { limit: 10_000 }),
      ),
    ).toBe("Die Datei hat mehr als 10'000 Zeilen: Teilen Sie sie auf (ein Import nimmt höchstens 10'000).");
    expect(
      describeError(refused(400, 'formulas are not imported: …', 'formula-in-file', { cell: 'B2' })),
    ).toBe('Die Zelle B2 enthält eine Formel: Fügen Sie stattdessen ihre Werte ein.');
  });

  it("keeps the server's English detail where the code says less than it (a refusal without a code of its own)", () => {
    expect(describeError(refused(409, 'goal in use', 'conflict'))).toBe('goal in use');
  });

  it('says a refusal for its fields by the fields’ names and messages, English keeping the detail', async () => {
    const invalid = {
      status: 400,
      data: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'the end cannot precede the begin',
        code: 'invalid',
        errors: [
          { field: 'end', message: say('end-before-begin'), code: 'end-before-begin' },
          { field: 'parent', message: say('cycle'), code: 'cycle' },
        ],
      },
    };
    expect(describeError(invalid)).toBe(
      'Abgelehnt: Ende: das Ende darf nicht vor dem Beginn liegen; parent: würde einen Zyklus bilden',
    );
    expect(describeError(refused(400, 'you cannot disable yourself', 'not-yourself'))).toBe(
      'Sie können Ihr eigenes Konto nicht deaktivieren.',
    );
    await i18n.changeLanguage('en');
    expect(describeError(invalid)).toBe('the end cannot precede the begin');
    await i18n.changeLanguage('de-CH');
  });

  it('says a field message by its code, or by what its English text means (client-side checks)', () => {
    expect(
      fieldMessage({
        field: 'name',
        message: 'at most 200 characters',
        code: 'at-most',
        params: { bound: 200, unit: 'characters' },
      }),
    ).toBe('höchstens 200 Zeichen');
    expect(fieldMessage({ message: say('required') })).toBe('erforderlich');
    expect(fieldMessage({ message: rangeMessage(ranges.effort) })).toBe(
      "eine Zahl zwischen 0 und 1'000'000 mit höchstens 2 Nachkommastellen",
    );
    expect(fieldMessage({ message: 'a letter, then letters, digits or _' })).toBe(
      'a letter, then letters, digits or _',
    );
  });

  it("in English, the texts are the server's own", async () => {
    await i18n.changeLanguage('en');
    expect(describeError(refused(404, 'application not found', 'not-found', { what: 'application' }))).toBe(
      'application not found',
    );
    expect(fieldMessage({ message: 'at most 200 characters' })).toBe('at most 200 characters');
    await i18n.changeLanguage('de-CH');
  });
});

describe("a create form's errors", () => {
  const invalid = (errors: { field: string; message: string }[]) => ({
    status: 400,
    data: {
      type: 'about:blank',
      title: 'Invalid',
      status: 400,
      detail: 'invalid input',
      code: 'invalid',
      errors,
    },
  });

  it("puts the messages of the form's own fields under them", () => {
    const errors = formErrorsOf(
      invalid([
        { field: 'name', message: 'is taken' },
        { field: 'at', message: 'lies ahead' },
      ]),
      ['name', 'at'],
    );
    expect(errors).toEqual({ name: 'is taken', at: 'lies ahead' });
  });

  it('keeps a refusal of fields the form does not show for its alert', () => {
    const errors = formErrorsOf(invalid([{ field: 'tenant', message: 'is unknown' }]), ['name']);
    expect(Object.keys(errors)).toEqual(['other']);
    expect(errors.other).toBe('invalid input');
  });

  it('says a refusal without field errors in the alert', () => {
    expect(formErrorsOf({ status: 'FETCH_ERROR', error: 'offline' }, ['name'])).toEqual({ other: 'offline' });
  });
});
