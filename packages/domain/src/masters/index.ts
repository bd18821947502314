export * from './basic-information';
export * from './business-masters';
export * from './choices';
export {
  decodeListedValues,
  decodeMasterValues,
  emptyRow,
  encodeMasterValues,
  encodeValuesJson,
  isFieldOf,
  isJsonObject,
  type Json,
  type JsonObject,
  MasterValueError,
  masterFormSchema,
  masterFormValues,
  parseValuesJson,
  recordOf,
  refNamesOf,
} from './codec';
export * from './connection-masters';
export {
  type BooleanField,
  type ChoiceField,
  columnType,
  type DecimalField,
  type Field,
  type Fields,
  type FieldType,
  f,
  fieldSchema,
  type IntegerField,
  isFilterValue,
  type PlainField,
  type RefField,
  type RefsField,
  type RowsField,
  TEXT_KEYED_TARGETS,
  type TextField,
} from './fields';
export * from './fleet-masters';
export { decodeListPage, encodeListPage } from './list-page';
export {
  defineMaster,
  type ListedFieldName,
  listedFieldsOf,
  type MasterDefinition,
  type MasterFilter,
  type MasterListRecord,
  type MasterProblem,
  type MasterRecord,
  masterSchema,
  RECORD_COLUMNS,
  sortKeyShapeOf,
  type UniqueRule,
} from './master';
export * from './people-masters';
export * from './pricing-masters';
export * from './registry';
export * from './uploads';
export type {
  FieldFormValue,
  FieldInput,
  FieldName,
  FieldValue,
  FormValuesOf,
  HasFields,
  InputOf,
  MasterFormValues,
  MasterInput,
  MasterValues,
  ValuesOf,
} from './values';
