import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ConnectRouter } from '@connectrpc/connect';
import {
  cleanFileName,
  encodeListPage,
  isJsonObject,
  type Json,
  type JsonObject,
  type MasterDefinition,
  masterOf,
  recordOf,
} from '@fleet/domain';
import {
  activeFilterFromProto,
  invalidField,
  pageInfoToProto,
  pageRequestFromProto,
  tenantCallerOf,
} from '@fleet/platform';
import {
  FilePurpose,
  MastersService,
  type StoredFile,
  StoredFileSchema,
} from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { RateParty } from '@fleet/proto/fleet/masters/v1/rate_card_pb';
import {
  bankAccountToProto,
  billingItemToProto,
  businessSettingsToProto,
  companyProfileToProto,
  companyToProto,
  customerToProto,
  driverToProto,
  dutyTypeToProto,
  fuelStationToProto,
  labelToProto,
  rateCardToProto,
  recordToProto,
  supplierToProto,
  taxToProto,
  vehicleGroupToProto,
  vehicleToProto,
} from '../mappers';
import type { FileRow } from '../storage/file-store';
import type { MastersUseCases } from '../use-cases';
import { COPIED_MASTERS } from '../use-cases/typed-records';

const party = (p: RateParty) =>
  p === RateParty.CUSTOMER ? 'CUSTOMER' : p === RateParty.SUPPLIER ? 'SUPPLIER' : undefined;

function fileToProto(file: FileRow): StoredFile {
  return create(StoredFileSchema, {
    id: file.id,
    // Names are kept clean since uploads were; one kept before is cleaned on its way out.
    fileName: cleanFileName(file.fileName),
    contentType: file.contentType,
    sizeBytes: BigInt(file.sizeBytes),
    purpose: FilePurpose[file.purpose as keyof typeof FilePurpose],
    createdAt: timestampFromDate(new Date(file.createdAt)),
  });
}

/** The values a create, update or save carries (Record.values_json): a JSON object, else a 400. */
function valuesOf(valuesJson: string): JsonObject {
  let values: Json;
  try {
    values = JSON.parse(valuesJson || '{}');
  } catch {
    throw invalidField('values', 'The values must be a JSON object.');
  }
  if (!isJsonObject(values)) throw invalidField('values', 'The values must be a JSON object.');
  return values;
}

/**
 * Thin gRPC handlers: proto in, use case, proto out. A record's values go out through the domain's
 * codec (the use case has checked the kind, so `masterOf` finds its declaration).
 */
export function mastersRoutes(useCases: MastersUseCases) {
  const { masters, rates, files, typedRecords } = useCases;
  return (router: ConnectRouter) =>
    router.service(MastersService, {
      async listRecords(req, ctx) {
        const page = await masters.list(tenantCallerOf(ctx), req.kind, {
          search: req.search,
          active: activeFilterFromProto(req.active),
          filters: req.filters.map((f) => ({ key: f.key, values: f.values })),
          expiringWithinDays: req.expiringWithinDays,
          ids: req.ids,
          ...pageRequestFromProto(req.page),
        });
        return {
          recordsJson: encodeListPage(masterOf(req.kind), page.items),
          pageInfo: pageInfoToProto(page),
        };
      },
      async listChoices(req, ctx) {
        const choices = await masters.choices(tenantCallerOf(ctx), req.kind, {
          search: req.search,
          ids: req.ids,
          limit: req.limit,
        });
        return { choices };
      },
      async getRecord(req, ctx) {
        return {
          record: recordToProto(masterOf(req.kind), await masters.get(tenantCallerOf(ctx), req.kind, req.id)),
        };
      },
      async createRecord(req, ctx) {
        const record = await masters.create(tenantCallerOf(ctx), req.kind, valuesOf(req.valuesJson));
        return { record: recordToProto(masterOf(req.kind), record) };
      },
      async updateRecord(req, ctx) {
        const record = await masters.update(tenantCallerOf(ctx), req.kind, req.id, valuesOf(req.valuesJson));
        return { record: recordToProto(masterOf(req.kind), record) };
      },
      async setRecordActive(req, ctx) {
        const record = await masters.setActive(tenantCallerOf(ctx), req.kind, req.id, req.isActive);
        return { record: recordToProto(masterOf(req.kind), record) };
      },
      async getSettings(req, ctx) {
        const record = await masters.getSettings(tenantCallerOf(ctx), req.kind);
        return { record: record ? recordToProto(masterOf(req.kind), record) : undefined };
      },
      async saveSettings(req, ctx) {
        const record = await masters.saveSettings(tenantCallerOf(ctx), req.kind, valuesOf(req.valuesJson));
        return { record: recordToProto(masterOf(req.kind), record) };
      },
      async resolveRate(req, ctx) {
        const card = await rates.resolve(tenantCallerOf(ctx), {
          party: party(req.party),
          customerId: req.customerId || undefined,
          supplierId: req.supplierId || undefined,
          dutyTypeId: req.dutyTypeId,
          cityId: req.cityId || undefined,
          vehicleGroupId: req.vehicleGroupId,
          date: req.date,
        });
        return { rateCard: card ? rateCardToProto(card) : undefined };
      },
      async getRateLadder(req, ctx) {
        const rungs = await rates.ladder(tenantCallerOf(ctx), {
          rateCardId: req.rateCardId,
          customerId: req.customerId || undefined,
          cityId: req.cityId || undefined,
          date: req.date,
        });
        return { rungs: rungs.map(rateCardToProto) };
      },
      async getTypedRecords(req, ctx) {
        const { kind, records } = await typedRecords.get(tenantCallerOf(ctx), req.kind, req.ids);
        const typed = <D extends MasterDefinition>(definition: D) =>
          records.map((record) => recordOf(definition, record));
        switch (kind) {
          case 'vehicle':
            return { vehicles: typed(COPIED_MASTERS.vehicle).map(vehicleToProto) };
          case 'driver':
            return { drivers: typed(COPIED_MASTERS.driver).map(driverToProto) };
          case 'customer':
            return { customers: typed(COPIED_MASTERS.customer).map(customerToProto) };
          case 'supplier':
            return { suppliers: typed(COPIED_MASTERS.supplier).map(supplierToProto) };
          case 'duty_type':
            return { dutyTypes: typed(COPIED_MASTERS.duty_type).map(dutyTypeToProto) };
          case 'rate_card':
            return { rateCards: typed(COPIED_MASTERS.rate_card).map(rateCardToProto) };
          case 'company':
            return { companies: typed(COPIED_MASTERS.company).map(companyToProto) };
          case 'company_profile':
            return { companyProfiles: typed(COPIED_MASTERS.company_profile).map(companyProfileToProto) };
          case 'tax':
            return { taxes: typed(COPIED_MASTERS.tax).map(taxToProto) };
          case 'billing_item':
            return { billingItems: typed(COPIED_MASTERS.billing_item).map(billingItemToProto) };
          case 'bank_account':
            return { bankAccounts: typed(COPIED_MASTERS.bank_account).map(bankAccountToProto) };
          case 'business_settings':
            return { businessSettings: typed(COPIED_MASTERS.business_settings).map(businessSettingsToProto) };
          case 'fuel_station':
            return { fuelStations: typed(COPIED_MASTERS.fuel_station).map(fuelStationToProto) };
          case 'vehicle_group':
            return { vehicleGroups: typed(COPIED_MASTERS.vehicle_group).map(vehicleGroupToProto) };
          case 'label':
            return { labels: typed(COPIED_MASTERS.label).map(labelToProto) };
        }
      },
      async uploadFile(req, ctx) {
        const file = await files.upload(tenantCallerOf(ctx), {
          fileName: req.fileName,
          content: req.content,
          kind: req.kind,
          field: req.field,
          purpose: req.purpose === FilePurpose.UNSPECIFIED ? undefined : FilePurpose[req.purpose],
        });
        return { file: fileToProto(file) };
      },
      async getFile(req, ctx) {
        const { file, content } = await files.get(tenantCallerOf(ctx), req.id);
        return { file: fileToProto(file), content };
      },
      async checkFiles(req, ctx) {
        const found = await files.check(tenantCallerOf(ctx), req);
        return { files: found.map(fileToProto) };
      },
    });
}
