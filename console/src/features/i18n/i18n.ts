import i18next from 'i18next';
import type { Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/de-ch';
import 'dayjs/locale/fr-ch';
import 'dayjs/locale/it-ch';
import { consoleLanguageOf, consoleLanguages, languageFor } from '@fahrplan/contracts';
import type { ConsoleLanguage } from '@fahrplan/contracts';
import { cataloguesOf } from './catalogues';

// Every feature's message catalogues, `features/<feature>/messages/<language>.json`: one namespace
// per feature folder, all bundled (a few kB each), so no screen waits for a catalogue.
const files = import.meta.glob<Record<string, unknown>>('/src/features/*/messages/*.json', {
  eager: true,
  import: 'default',
});

/** Where the last language shown is kept, so that the next page load starts in it (no flash of another). */
const storageKey = 'fahrplan.language';

const stored = (): ConsoleLanguage | null => consoleLanguageOf(globalThis.localStorage?.getItem(storageKey));

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: cataloguesOf(files) as Resource,
  lng: languageFor(stored(), navigator.languages),
  supportedLngs: consoleLanguages,
  fallbackLng: 'en',
  // the catalogues are bundled: ready before the first render
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

const follow = (language: string) => {
  document.documentElement.lang = language;
  dayjs.locale(language.toLowerCase());
};
follow(i18n.language);
i18n.on('languageChanged', follow);

/** Shows the console in `language` from now on, and at the next page load. */
export const showIn = async (language: ConsoleLanguage): Promise<void> => {
  globalThis.localStorage?.setItem(storageKey, language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
};

/** The language for a user's choice (null: the browser's). */
export const languageOf = (choice: ConsoleLanguage | null): ConsoleLanguage =>
  languageFor(choice, navigator.languages);
