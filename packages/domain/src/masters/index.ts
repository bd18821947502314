export * from './business-masters';
export * from './connection-masters';
export {
  columnType,
  type Field,
  type FieldType,
  f,
  fieldSchema,
  isFilterValue,
  TEXT_KEYED_TARGETS,
} from './fields';
export * from './fleet-masters';
export {
  defineMaster,
  type MasterDefinition,
  type MasterFilter,
  type MasterRecord,
  masterSchema,
  RECORD_COLUMNS,
  type UniqueRule,
} from './master';
export * from './pricing-masters';
export * from './registry';
export * from './uploads';
