import { consoleLanguageOf, languageFor, serverToUiDate } from '@fahrplan/contracts';
import type { ConsoleLanguage } from '@fahrplan/contracts';
import { fieldError, single } from '../http/query-params';
import { tickText } from '@fahrplan/contracts';
import type { TickWords } from '@fahrplan/contracts';
import type { TickNamer } from './print-axis';

/**
 * The printouts' words in the console's four languages, as its timeline and project dialog say them
 * (the console's catalogues are bundled into the browser; these few live beside the server's renderer).
 */
const texts = {
  'de-CH': {
    phase: 'Phase',
    health: 'Zustand',
    resource: 'Ressource',
    timeline: 'Zeitachse',
    window: 'Zeitraum',
    exported: 'Exportiert am',
    page: 'Seite {page} von {pages}',
    projects: 'Projekte',
    status: 'Status',
    resources: 'Ressourcen',
    applications: 'Applikationen',
    baseline: 'Basisplan',
    scenario: 'Szenario',
    asOf: 'Stand',
    noFilters: 'Alle Projekte',
    week: 'KW{n}',
    quarter: 'Q{n}',
    summary: 'Projektübersicht',
    keyFigures: 'Kennzahlen',
    start: 'Start',
    end: 'Ende',
    duration: 'Dauer',
    workingDays: '{n} AT',
    priority: 'Priorität',
    budget: 'Budget',
    noBudget: 'kein Konto',
    goals: 'Strategische Ziele',
    noGoals: 'Keine Ziele bewertet',
    milestones: 'Meilensteine',
    noMilestones: 'Keine Meilensteine',
    more: '… und {n} weitere',
  },
  'fr-CH': {
    phase: 'Phase',
    health: 'Santé',
    resource: 'Ressource',
    timeline: 'Chronologie',
    window: 'Période',
    exported: 'Exporté le',
    page: 'Page {page} sur {pages}',
    projects: 'Projets',
    status: 'Statut',
    resources: 'Ressources',
    applications: 'Applications',
    baseline: 'Référence',
    scenario: 'Scénario',
    asOf: 'État au',
    noFilters: 'Tous les projets',
    week: 'S{n}',
    quarter: 'T{n}',
    summary: 'Résumé du projet',
    keyFigures: 'Chiffres clés',
    start: 'Début',
    end: 'Fin',
    duration: 'Durée',
    workingDays: '{n} JO',
    priority: 'Priorité',
    budget: 'Budget',
    noBudget: 'aucun compte',
    goals: 'Objectifs stratégiques',
    noGoals: 'Aucun objectif évalué',
    milestones: 'Jalons',
    noMilestones: 'Aucun jalon',
    more: '… et {n} autres',
  },
  'it-CH': {
    phase: 'Fase',
    health: 'Salute',
    resource: 'Risorsa',
    timeline: 'Cronologia',
    window: 'Periodo',
    exported: 'Esportato il',
    page: 'Pagina {page} di {pages}',
    projects: 'Progetti',
    status: 'Stato',
    resources: 'Risorse',
    applications: 'Applicazioni',
    baseline: 'Baseline',
    scenario: 'Scenario',
    asOf: 'Stato al',
    noFilters: 'Tutti i progetti',
    week: 'S{n}',
    quarter: 'T{n}',
    summary: 'Riepilogo del progetto',
    keyFigures: 'Cifre chiave',
    start: 'Inizio',
    end: 'Fine',
    duration: 'Durata',
    workingDays: '{n} GL',
    priority: 'Priorità',
    budget: 'Budget',
    noBudget: 'nessun conto',
    goals: 'Obiettivi strategici',
    noGoals: 'Nessun obiettivo valutato',
    milestones: 'Milestone',
    noMilestones: 'Nessuna milestone',
    more: '… e altri {n}',
  },
  en: {
    phase: 'Phase',
    health: 'Health',
    resource: 'Resource',
    timeline: 'Timeline',
    window: 'Window',
    exported: 'Exported on',
    page: 'Page {page} of {pages}',
    projects: 'Projects',
    status: 'Status',
    resources: 'Resources',
    applications: 'Applications',
    baseline: 'Baseline',
    scenario: 'Scenario',
    asOf: 'As of',
    noFilters: 'All projects',
    week: 'W{n}',
    quarter: 'Q{n}',
    summary: 'Project summary',
    keyFigures: 'Key figures',
    start: 'Start',
    end: 'End',
    duration: 'Duration',
    workingDays: '{n} WD',
    priority: 'Priority',
    budget: 'Budget',
    noBudget: 'no account',
    goals: 'Strategic goals',
    noGoals: 'No goals rated',
    milestones: 'Milestones',
    noMilestones: 'No milestones',
    more: '… and {n} more',
  },
} satisfies Record<ConsoleLanguage, Record<string, string>>;

export type PrintTextKey = keyof (typeof texts)['en'];

/** A language's printout words, `{name}` filled in from `values`. */
export interface PrintTexts {
  readonly language: ConsoleLanguage;
  say(key: PrintTextKey, values?: Record<string, string | number>): string;
}

export const printTexts = (language: ConsoleLanguage): PrintTexts => ({
  language,
  say: (key, values = {}) =>
    texts[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    ),
});

/**
 * The language of a printout: `?lang=` (the console sends the language it shows), else the first of
 * Accept-Language the console speaks, else German.
 */
export const printLanguage = (
  param: string | string[] | undefined,
  acceptLanguage: string | undefined,
): ConsoleLanguage => {
  const asked = single('lang', param);
  if (asked !== undefined) {
    const language = consoleLanguageOf(asked);
    if (!language)
      throw fieldError(
        'lang',
        'de-CH, fr-CH, it-CH or en',
        'the query parameter lang must be de-CH, fr-CH, it-CH or en',
      );
    return language;
  }
  const tags = (acceptLanguage ?? '').split(',').map((tag) => tag.split(';')[0]!.trim());
  return languageFor(null, tags.filter(Boolean));
};

/** Swiss numbers in every language: 1'234.50. */
export const swissNumber = (value: number, digits = 0): string =>
  value.toLocaleString('de-CH', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** DD.MM.YYYY, as the console shows dates in every language. */
export const uiDate = (value: string): string => serverToUiDate(value.slice(0, 10));

/**
 * A month's short name as a date writes it in `language` ("März", "Juni", "janv."), without its dot:
 * the name a month has beside a day, as the console's dayjs writes it. A month alone takes CLDR's
 * stand-alone form, which in German is another ("Mär", "Jun").
 */
const shortMonth = (language: string) => {
  const format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (date: Date) =>
    format
      .formatToParts(date)
      .find((part) => part.type === 'month')!
      .value.replace(/\.$/, '');
};

/** The axis' labels in `texts`' language: day numbers, weeks, short months, quarters, years. */
export const tickNamer = ({ language, say }: PrintTexts): TickNamer => {
  const words: TickWords = {
    week: (n) => say('week', { n }),
    quarter: (n) => say('quarter', { n }),
    month: shortMonth(language),
  };
  return (ms, unit, major) => tickText(ms, unit, major, words);
};
