export { DEMO_CODE, DEMO_OWNER_PHONE, seedDemoOperator } from './demo';
export { MODULE_NAMES, MODULES, type ModuleName, SERVICE_NAMES, type ServiceName } from './modules';
export {
  connectToService,
  type EmbeddedProduct,
  type EmbeddedProductOptions,
  startEmbeddedProduct,
} from './product';
export { type RuntimeConfig, runtimeConfigSchema } from './runtime-config';
