export { DEMO_CODE, DEMO_OWNER_PHONE, seedDemoOperator } from './demo';
export { deployFiles, staleDeployFolders } from './deploy/files';
export { renderChartServices, renderKustomizeBase, renderReadmeModules } from './deploy/render';
export { distributedPlan, type PlannedProcess } from './distributed-plan';
export { describeModules, GATEWAY, moduleNames, SERVICES, type Services } from './modules';
export {
  connectServices,
  connectToService,
  type EmbeddedProduct,
  type EmbeddedProductOptions,
  startEmbeddedProduct,
} from './product';
export { type RuntimeConfig, runtimeConfigSchema, serviceUrls } from './runtime-config';
