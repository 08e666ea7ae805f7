// The console's message catalogues (issue 20), checked in CI by `npm run i18n:check`: every key the code
// uses is in every language's catalogue (and not empty), no catalogue keeps a key that no code uses,
// and the folders listed as translated show no text outside the catalogues.
const features = 'console/src/features';

/** Feature folders whose screens still show English text of their own; the list only shrinks. */
const untranslated = [];

export default {
  locales: ['en', 'de-CH', 'fr-CH', 'it-CH'],
  extract: {
    input: [`${features}/**/*.{ts,tsx}`, 'console/src/app/**/*.{ts,tsx}'],
    ignore: ['console/src/**/*.spec.ts'],
    output: (language, namespace) => `${features}/${namespace}/messages/${language}.json`,
    primaryLanguage: 'en',
    defaultNS: false,
    removeUnusedKeys: true,
    // the texts of the server's problem and field codes, looked up by code (common/problem.ts)
    preservePatterns: ['common:problems.*'],
    sort: true,
    indentation: 2,
  },
  lint: {
    // every component's text, and the attributes that show or speak text (Mantine's props among them)
    acceptedTags: 'all',
    acceptedAttributes: [
      'label',
      'description',
      'placeholder',
      'title',
      'aria-label',
      'alt',
      'error',
      'message',
      'confirmLabel',
      'cancelLabel',
      'tooltip',
      'noRecordsText',
      'nothingFoundMessage',
      'emptyText',
      'legend',
    ],
    ignore: untranslated.map((folder) => `${features}/${folder}/**`),
  },
};
