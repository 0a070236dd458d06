/** One jest run for backend, projections and browser tests; @swc/jest keeps it fast (tsc checks types). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      // The workspace aliases also where moduleNameMapper does not apply (globalSetup / globalTeardown).
      baseUrl: __dirname,
      paths: require('./tsconfig.base.json').compilerOptions.paths,
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': swc },
  roots: [
    '<rootDir>/storage',
    '<rootDir>/domain',
    '<rootDir>/projections',
    '<rootDir>/backend',
    '<rootDir>/scripts',
    '<rootDir>/frontend/src',
  ],
  // The workspaces import each other by package name (tsconfig.base.json "paths"); jest resolves them to source.
  moduleNameMapper: {
    '^@cans/projections$': '<rootDir>/projections/src/index.ts',
    '^@cans/backend/test-support/(.*)$': '<rootDir>/backend/test-support/$1',
    '^@cans/(backend|projections|domain|storage)/(.*)$': '<rootDir>/$1/src/$2',
  },
  testMatch: ['**/*.spec.ts', '**/*.test.ts'],
  testTimeout: 30000,
  // Each suite loads the whole app into its worker's module registry, and a worker never gives that memory back:
  // after 40 suites a worker held 2.4 GB and spent its time collecting garbage (the HTTP suites ran 31% slower).
  // A worker past this size after a suite is replaced by a fresh one.
  workerIdleMemoryLimit: '600MB',
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
  globalSetup: '<rootDir>/backend/test-support/containers.global-setup.ts',
  globalTeardown: '<rootDir>/backend/test-support/containers.global-teardown.ts',
  setupFiles: ['<rootDir>/backend/test-support/jest-setup.ts'],
  setupFilesAfterEnv: ['<rootDir>/backend/test-support/jest-hook-timeouts.ts'],
};
