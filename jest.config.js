/** One Jest for every level; the npm scripts pick the level by file name (STYLE 15). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2023',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  globalSetup: '<rootDir>/jest.servers.js',
  roots: [
    '<rootDir>/contracts',
    '<rootDir>/platform',
    '<rootDir>/command-service',
    '<rootDir>/projection-service',
    '<rootDir>/tracker-sync',
    '<rootDir>/server',
    '<rootDir>/e2e',
    '<rootDir>/console',
  ],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: {
    '^@fahrplan/(contracts|platform|command-service|projection-service|tracker-sync|server)$':
      '<rootDir>/$1/src/index.ts',
    // the packages' testing entries (their src/testing/index.ts): for specs, testing helpers and bench only
    '^@fahrplan/(contracts|platform|projection-service|tracker-sync|server)/testing$':
      '<rootDir>/$1/src/testing/index.ts',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};
