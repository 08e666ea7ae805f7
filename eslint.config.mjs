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
  {
    files: ['console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: forbid('platform', 'command-service', 'projection-service', 'tracker-sync', 'server'),
  },
);
