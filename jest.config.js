/** One jest run for backend, projections and browser tests; @swc/jest keeps it fast (tsc checks types). */
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
}];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': swc },
  roots: ['<rootDir>/backend', '<rootDir>/projections', '<rootDir>/scripts'],
  testMatch: ['**/*.spec.ts', '**/*.test.ts'],
  testTimeout: 30000,
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
  globalSetup: '<rootDir>/backend/test-support/containers.global-setup.ts',
  globalTeardown: '<rootDir>/backend/test-support/containers.global-teardown.ts',
  setupFiles: ['<rootDir>/backend/test-support/jest-setup.ts'],
};
