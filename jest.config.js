/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/clients/typescript/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic', importSource: 'preact' } },
        },
        module: { type: 'commonjs' },
      },
    ],
    '^.+\\.m?js$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // openid-client and oidc-provider (and their jose, oauth4webapi and koa) are ES modules only; the
  // suite runs as CommonJS, so they are compiled like the sources. The service itself loads
  // openid-client with import().
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose|oidc-provider|koa)/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 2,
  // Node.js 20 keeps every test file's vm context (and its embedded database) alive while the
  // worker lives; a worker whose heap has grown past this is replaced between files.
  workerIdleMemoryLimit: '400MB',
  // When the run ends, a worker exits once its event loop is empty. On a loaded two-core machine
  // (CI runs the PostgreSQL suite beside other jobs) that took longer than jest's 500 ms default,
  // and the worker was killed with a warning of leaked handles, though none was left between files.
  workerGracefulExitTimeout: 5000,
};
