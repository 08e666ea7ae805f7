import type { ConsoleLanguage } from '../preferences/preferences';

/**
 * The §9 holidays (Bern) by their German names, as the calendar stores them, in the console's other
 * languages (issue 20: the working-days answer names them in the requested language).
 */
const names: Readonly<Record<string, Readonly<Record<Exclude<ConsoleLanguage, 'de-CH'>, string>>>> = {
  Neujahr: { en: 'New Year’s Day', 'fr-CH': 'Nouvel An', 'it-CH': 'Capodanno' },
  Berchtoldstag: { en: 'St Berchtold’s Day', 'fr-CH': 'Saint-Berchtold', 'it-CH': 'San Bertoldo' },
  Karfreitag: { en: 'Good Friday', 'fr-CH': 'Vendredi saint', 'it-CH': 'Venerdì santo' },
  Ostermontag: { en: 'Easter Monday', 'fr-CH': 'Lundi de Pâques', 'it-CH': 'Lunedì di Pasqua' },
  Auffahrt: { en: 'Ascension Day', 'fr-CH': 'Ascension', 'it-CH': 'Ascensione' },
  Pfingstmontag: { en: 'Whit Monday', 'fr-CH': 'Lundi de Pentecôte', 'it-CH': 'Lunedì di Pentecoste' },
  Bundesfeier: { en: 'Swiss National Day', 'fr-CH': 'Fête nationale', 'it-CH': 'Festa nazionale' },
  Weihnachten: { en: 'Christmas Day', 'fr-CH': 'Noël', 'it-CH': 'Natale' },
  Stephanstag: { en: 'St Stephen’s Day', 'fr-CH': 'Saint-Étienne', 'it-CH': 'Santo Stefano' },
};

/** A holiday's name in `language`; German, as stored, for de-CH. */
export const holidayNameIn = (name: string, language: ConsoleLanguage): string =>
  language === 'de-CH' ? name : (names[name]?.[language] ?? name);
