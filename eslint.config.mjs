import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

const forbid = (...packages) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: packages.map((p) => ({
        group: [`@fahrplan/${p}`, `@fahrplan/${p}/*`, `**/${p}/src/**`],
        message: `crossing a package boundary (STYLE 20): @fahrplan/${p} may not be imported here`,
      })),
    },
  ],
});

// Issue 16: packages meet only through their names. A rule of its own (not no-restricted-imports), so
// that it adds to the boundary lists below instead of replacing them where both apply.
const workspaces = [
  'contracts',
  'platform',
  'command-service',
  'projection-service',
  'tracker-sync',
  'server',
  'console',
  'bench',
  'e2e',
];
const throughNames = ({ bench, testingEntries }) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: `^(\\.\\./)+(${workspaces.join('|')})/`,
          message:
            "another package's folder: import it by its name (@fahrplan/<package>, or its testing entry)",
        },
        ...(bench
          ? [{ group: ['@fahrplan/bench', '@fahrplan/bench/*'], message: 'no package imports bench/' }]
          : []),
        ...(testingEntries
          ? [
              {
                group: ['@fahrplan/*/testing', '@fahrplan/*/testing/*'],
                message: 'a testing entry serves specs, testing helpers and bench/, never product code',
              },
            ]
          : []),
      ],
    },
  ],
});
/** Specs and testing helpers: what may import the testing entries. */
const testCode = ['**/*.spec.ts', '**/*.spec.tsx', '**/testing/**', 'server/test/**'];

// Write side (issue 16): an aggregate is used through the decider value contracts declares for it, and
// a command handler folder imports no other: facts of other aggregates come through the Lookups port.
// Written as no-restricted-syntax, a rule no other block sets, so that it adds to the import rules
// above and below instead of replacing their patterns where both apply.
const deciderFunctions = {
  selector:
    "ImportDeclaration[source.value='@fahrplan/contracts'] > ImportSpecifier[imported.name=/^(decide|evolve)(Application|Group|Item|Goal|Resource|Comment|Account|Tenant|User|TrackerConnection|TrackerSync)$|^initial[A-Za-z]+State$/]",
  message: "use the aggregate's decider value (groupDecider.evolve, …), declared once in contracts (STYLE 3)",
};
const handlerFolders = 'accounts|applications|comments|goals|groups|items|resources|tracker|identity';
const writeSide = [
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['contracts/**', 'console/**'],
    rules: { 'no-restricted-syntax': ['error', deciderFunctions] },
  },
  {
    files: [`command-service/src/{${handlerFolders.replaceAll('|', ',')}}/**/*.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        deciderFunctions,
        {
          selector: `ImportDeclaration[source.value=/^\\.\\.\\/(${handlerFolders})\\//]`,
          message: 'a handler folder imports no other; ask the Lookups port (infrastructure/lookups.ts)',
        },
      ],
    },
  },
];

// ---- console: feature folders in layers ------------------------------------------------------
// The folders under console/src/features, lowest layer first. A folder imports only folders of lower
// layers: never one of a higher layer, nor another folder of its own layer, so no two import each other.
const consoleLayers = [
  ['i18n'], // the console's languages: i18next, the message catalogues, the language switch (issue 20)
  ['common'], // generic helpers and UI; no feature
  ['appearance'], // light, dark or the system's, and high contrast: the colour tokens and the switch (issue 20)
  ['session'], // the store state every request carries: who is signed in, and the instant shown (as of)
  ['api'], // the one createApi, its base query, the command helpers
  ['sheet-export'], // every list as .xlsx or CSV: the Export menu of the list screens (issue 23)
  ['auth', 'as-of', 'comments', 'resources', 'readiness', 'preferences'], // sign-in and permissions, viewing the past, comments, resources, the catching-up screen, the user's own choices
  ['options'], // the tenant's option lists: labels and colours of the stored codes (issue 19)
  ['shortcuts'], // the keyboard shortcuts: one registry for the handlers and the help on ?, and whether they are on (issue 20)
  ['accounts', 'history', 'baselines', 'imports', 'printouts'], // finance accounts, a record's history, baselines and their comparison, the sheet import and the steering committee's printouts (issue 23)
  ['record-dialog'], // the dialog kit, and the root events that open the record dialogs from any screen
  ['calendars'], // working-day calendars, their year view and impact preview (issue 24); a scenario's changes name them
  ['applications', 'tracker', 'shares', 'scenarios', 'webhooks'], // scenarios: the what-if plans, their switcher, Compare page and publish (issue 22); webhooks: signed webhooks and their deliveries (issue 23)
  ['projects', 'changes'], // a project's parent is an application; the change feed refreshes tracker data
  ['items', 'admin', 'calendar-feeds'], // an item belongs to a project; admin's goals are project goals; calendar feeds pick projects, resources and applications (issue 23)
  ['timeline', 'commands-palette'],
  ['home', 'layout'],
];
const featuresDir = 'console/src/features';
const unlayered = readdirSync(new URL(featuresDir, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !consoleLayers.flat().includes(entry.name))
  .map((entry) => entry.name);
if (unlayered.length > 0) {
  throw new Error(
    `eslint.config.mjs: add the console feature folder(s) ${unlayered.join(', ')} to consoleLayers`,
  );
}
const layerZones = consoleLayers.flatMap((layer, index) =>
  layer.map((folder) => ({
    target: `${featuresDir}/${folder}`,
    from: consoleLayers
      .slice(index)
      .flat()
      .filter((other) => other !== folder)
      .map((other) => `${featuresDir}/${other}`),
    message: `console layering (consoleLayers in eslint.config.mjs): ${folder} imports only folders of lower layers`,
  })),
);
const consoleFiles = ['console/**/*.{ts,tsx}'];

// ---- projection-service: read models over their infrastructure (issue 17) ---------------------
// One folder per read model (its projection, queries and specs). The infrastructure beneath them knows
// none of them, so that a store, the runner or the HTTP plumbing can change without touching a read
// model; only the list of all projections (projections/all-projections.ts) names each one.
const readSide = 'projection-service/src';
const readModelFolders = [
  'applications',
  'groups',
  'goals',
  'items',
  'comments',
  'accounts',
  'resources',
  'shares',
  'baselines',
  'calendar-feeds',
];
const readSideInfrastructure = ['projections', 'read-store', 'lease', 'http', 'changes', 'as-of'];
const readSideZones = readSideInfrastructure.map((folder) => ({
  target: `${readSide}/${folder}`,
  from: readModelFolders.map((model) => `${readSide}/${model}`),
  message: `the read side's infrastructure (${folder}/) imports no read model; list a projection in projections/all-projections.ts`,
}));

/** import-x parses the imported TypeScript modules to follow their imports (no-cycle). */
const importXSettings = (project) => ({
  'import-x/extensions': ['.ts', '.tsx'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [createTypeScriptImportResolver({ project })],
});

export default tseslint.config(
  { ignores: ['**/dist*/**', '**/node_modules/**', 'data/**', 'coverage/**', '*.config.js', '*.config.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Nest injects by the emitted constructor types, so type-only imports would break DI there.
  {
    files: [
      'command-service/**/*.ts',
      'projection-service/**/*.ts',
      'server/**/*.ts',
      'platform/src/http/**/*.ts',
    ],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: forbid('platform', 'command-service', 'projection-service', 'tracker-sync', 'server', 'console'),
  },
  {
    files: ['platform/**/*.ts'],
    rules: forbid('command-service', 'projection-service', 'tracker-sync', 'server', 'console'),
  },
  {
    files: ['command-service/**/*.ts'],
    rules: forbid('projection-service', 'tracker-sync', 'server', 'console'),
  },
  {
    files: ['projection-service/**/*.ts'],
    rules: forbid('command-service', 'tracker-sync', 'server', 'console'),
  },
  {
    files: ['tracker-sync/**/*.ts'],
    rules: forbid('command-service', 'projection-service', 'server', 'console'),
  },
  ...writeSide,
  {
    files: ['console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: forbid('platform', 'command-service', 'projection-service', 'tracker-sync', 'server'),
  },
  // bench/ may import any package by its name (and the testing entries); no package imports bench/.
  {
    files: ['**/*.{ts,tsx}'],
    rules: throughNames({ bench: true, testingEntries: false }),
  },
  {
    files: workspaces.filter((w) => !['bench', 'e2e'].includes(w)).map((w) => `${w}/**/*.{ts,tsx}`),
    ignores: testCode,
    rules: throughNames({ bench: true, testingEntries: true }),
  },
  {
    files: ['bench/**/*.{ts,tsx}'],
    rules: throughNames({ bench: false, testingEntries: false }),
  },

  // No file-level import cycle in any package (issue 16). Packages cannot form one between them (the
  // boundary lists above), so each package is checked within itself, resolved as its specs are.
  {
    files: ['{contracts,platform,command-service,projection-service,tracker-sync,server,bench}/src/**/*.ts'],
    ignores: testCode,
    plugins: { 'import-x': importX },
    settings: importXSettings('tsconfig.spec.json'),
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: [`${readSide}/**/*.ts`],
    ignores: [...testCode, `${readSide}/projections/all-projections.ts`],
    plugins: { 'import-x': importX },
    settings: importXSettings('tsconfig.spec.json'),
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: readSideZones }],
    },
  },
  {
    files: consoleFiles,
    plugins: { 'import-x': importX },
    settings: importXSettings('console/tsconfig.json'),
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...layerZones,
            // the typed hooks are the one piece of the app shell a feature uses (STYLE 12)
            {
              target: featuresDir,
              from: 'console/src/app',
              except: ['./hooks.ts'],
              message: 'features import only app/hooks.ts of the app shell',
            },
          ],
        },
      ],
      'import-x/no-cycle': 'error',
    },
  },
  { files: consoleFiles, ...reactHooks.configs.flat.recommended },
);
