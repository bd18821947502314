export { quietLogger } from './quiet-logger';
export { createTestBus, type TestBus } from './test-bus';
export { createTestDatabase, type TestDatabase } from './test-database';
