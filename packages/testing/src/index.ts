export { expectDomainError } from './expect-domain-error';
export { quietLogger } from './quiet-logger';
export { recordValues } from './record-values';
export { bootService, type ServiceHarness, TEST_INTERNAL_SECRET } from './service-harness';
export { createTestBus, type TestBus } from './test-bus';
export { createTestDatabase, type TestDatabase } from './test-database';
