// The names a board row and a duty's page show beside a duty's ids: cities from the reference list,
// duty types, vehicle groups and labels from bookings' own copies of the masters, read once for a whole
// page (a record no event has brought yet is fetched from masters once, then kept). The board needs no
// masters permission and no call to masters per page.
import { cityById } from '@fleet/domain';
import type { BookingRecord } from '../domain/booking';
import type { BookingsDeps, TenantCaller } from './deps';

type Named = Pick<BookingRecord, 'fromCityId' | 'toCityId' | 'dutyTypeId' | 'vehicleGroupId' | 'labelIds'>;

export interface DutyNames {
  fromCityName: string;
  toCityName: string;
  dutyTypeName: string;
  vehicleGroupName: string;
  labels: { id: string; name: string; colour: string }[];
}

const cityName = (id: string | null) => (id ? (cityById(id)?.name ?? '') : '');

export function createDutyNames({ copies }: Pick<BookingsDeps, 'copies'>) {
  return {
    /** How to name each of these duties; an id no copy knows is named ''. */
    async of(caller: TenantCaller, duties: readonly Named[]): Promise<(duty: Named) => DutyNames> {
      const ids = (pick: (duty: Named) => readonly string[]) => [
        ...new Set(duties.flatMap(pick).filter(Boolean)),
      ];
      const known = await copies.load(caller, {
        duty_type: ids((d) => [d.dutyTypeId]),
        vehicle_group: ids((d) => [d.vehicleGroupId]),
        label: ids((d) => d.labelIds),
      });
      return (duty) => ({
        fromCityName: cityName(duty.fromCityId),
        toCityName: cityName(duty.toCityId),
        dutyTypeName: known.duty_type.get(duty.dutyTypeId)?.name ?? '',
        vehicleGroupName: known.vehicle_group.get(duty.vehicleGroupId)?.name ?? '',
        labels: duty.labelIds.flatMap((id) => {
          const label = known.label.get(id);
          return label ? [{ id, name: label.name, colour: label.colour }] : [];
        }),
      });
    },
  };
}
