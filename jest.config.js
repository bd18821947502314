// One jest run for the whole repository: unit tests beside the code, service tests in each service's
// test/, cross-service and browser tests in tests/. TypeScript is transformed by swc (type-checking is
// its own `npm run typecheck` step); ESM-only dependencies are transformed too.
const esmOnly = ['superjson', 'copy-anything', 'is-what', '@nats-io', 'jose', 'nanoid', 'pdfjs-dist'];

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: [
    '<rootDir>/packages',
    '<rootDir>/services',
    '<rootDir>/gateway',
    '<rootDir>/web',
    '<rootDir>/product',
    '<rootDir>/tests',
  ],
  testMatch: ['**/?(*.)test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/tests/bench/', '/web/dist/'],
  globalSetup: '<rootDir>/tests/support/global-setup.cjs',
  transform: {
    '^.+\\.(t|j|mj)sx?$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testTimeout: 30000,
  maxWorkers: 2,
};
