// Each list screen calls its own master's procedures with its own master's values: the generic types
// of master-api.ts must match what the gateway serves for every master (checked where master-api.ts
// assigns `trpc.masters`), and a master's handle is refused for another master (the `@ts-expect-error`
// lines fail the type-check step if they stop being errors). At run time: every screen under /masters/
// is dispatched to the list its declaration allows.
import {
  type channelPartnerMaster,
  type driverMaster,
  isEditableKind,
  isListedKind,
  type MasterFormValues,
  type MasterRecord,
  masterAtPath,
  type vehicleMaster,
} from '@fleet/domain';
import type { AppRouter } from '@fleet/gateway';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { MASTER_SCREENS } from '../../app/registry';
import type { EditableMasterApi, ListedMasterApi } from './master-api';

type Masters = TRPCOptionsProxy<AppRouter>['masters'];

const handles = [
  (m: Masters): EditableMasterApi<typeof vehicleMaster> => m.vehicle,
  (m: Masters): ListedMasterApi<typeof channelPartnerMaster> => m.channel_partner,
  // @ts-expect-error the vehicles' procedures are not the drivers'
  (m: Masters): EditableMasterApi<typeof driverMaster> => m.vehicle,
  // @ts-expect-error channel partners are listed here, never changed
  (m: Masters): EditableMasterApi<typeof channelPartnerMaster> => m.channel_partner,
];

// A vehicle row's cells and a vehicle form's inputs are the vehicle's.
const row = (r: MasterRecord<typeof vehicleMaster>): string => r.values.vehicle_no;
const form: Partial<MasterFormValues<typeof vehicleMaster>> = {
  vehicle_seating_capacity: '7',
  // @ts-expect-error a form holds a choice's option or '', nothing else
  vehicle_fuel_type: 'STEAM',
};

describe('the masters screens', () => {
  it('show each master under /masters/ as the list its declaration allows', () => {
    for (const screen of MASTER_SCREENS) {
      const definition = masterAtPath(screen.path);
      expect([screen.path, definition && isListedKind(definition.kind)]).toEqual([screen.path, true]);
      const editable = definition ? isEditableKind(definition.kind) : undefined;
      expect([screen.path, editable]).toEqual([screen.path, screen.path !== 'channels']);
    }
    expect([handles.length, typeof row, Object.keys(form)]).toEqual([
      4,
      'function',
      ['vehicle_seating_capacity', 'vehicle_fuel_type'],
    ]);
  });
});
