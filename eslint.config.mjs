import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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

// Write side (issue 16): an aggregate is used through the decider value contracts declares for it, and
// a command handler folder imports no other: facts of other aggregates come through the Lookups port.
// A rule of its own name, so that it adds to the package boundaries above instead of replacing them.
const deciderFunctions = {
  group: ['@fahrplan/contracts'],
  importNamePattern:
    '^(decide|evolve)(Application|Group|Item|Goal|Resource|Comment|Account|Tenant|User|TrackerConnection|TrackerSync)$|^initial[A-Za-z]+State$',
  message: "use the aggregate's decider value (groupDecider.evolve, …), declared once in contracts (STYLE 3)",
};
const handlerFolders = 'accounts|applications|comments|goals|groups|items|resources|tracker|identity';
const writeSide = [
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['contracts/**', 'console/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [deciderFunctions] }] },
  },
  {
    files: [`command-service/src/{${handlerFolders.replaceAll('|', ',')}}/**/*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            deciderFunctions,
            {
              regex: `^\\.\\./(${handlerFolders})/`,
              message: 'a handler folder imports no other; ask the Lookups port (infrastructure/lookups.ts)',
            },
          ],
        },
      ],
    },
  },
];

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
);
