import type { Client } from '@connectrpc/connect';
import { cityById, type LabelColour } from '@fleet/domain';
import { type Caller, callAs } from '@fleet/platform';
import type { Booking } from '@fleet/proto/fleet/bookings/v1/booking_pb';
import type { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';

/** The names a board row or a duty's page shows beside its ids. */
export interface DutyNames {
  fromCityName: string | null;
  toCityName: string | null;
  dutyTypeName: string | null;
  vehicleGroupName: string | null;
  labels: { id: string; name: string; colour: LabelColour }[];
}

type Named = Pick<Booking, 'fromCityId' | 'toCityId' | 'dutyTypeId' | 'vehicleGroupId' | 'labelIds'>;

/**
 * The names of the cities, duty types, vehicle groups and labels some duties name: cities from the
 * reference list, the others asked of masters once per kind for the whole page, by name only (the
 * choices a booking's form picks from, open to whoever sees bookings). An id masters does not know is
 * named null.
 */
export async function dutyNamesOf(
  masters: Client<typeof MastersService>,
  caller: Caller,
  duties: readonly Named[],
): Promise<(duty: Named) => DutyNames> {
  const namesOf = async (kind: string, ids: string[]) => {
    const wanted = [...new Set(ids.filter(Boolean))];
    if (!wanted.length) return new Map<string, { name: string; colour: string }>();
    const r = await masters.listChoices({ kind, ids: wanted }, callAs(caller));
    return new Map(r.choices.map((c) => [c.id, { name: c.name, colour: c.colour }] as const));
  };
  const [dutyTypes, groups, labels] = await Promise.all([
    namesOf(
      'duty_type',
      duties.map((d) => d.dutyTypeId),
    ),
    namesOf(
      'vehicle_group',
      duties.map((d) => d.vehicleGroupId),
    ),
    namesOf(
      'label',
      duties.flatMap((d) => d.labelIds),
    ),
  ]);
  const city = (id: string) => (id ? (cityById(id)?.name ?? null) : null);
  return (duty) => ({
    fromCityName: city(duty.fromCityId),
    toCityName: city(duty.toCityId),
    dutyTypeName: dutyTypes.get(duty.dutyTypeId)?.name ?? null,
    vehicleGroupName: groups.get(duty.vehicleGroupId)?.name ?? null,
    labels: duty.labelIds.flatMap((id) => {
      const label = labels.get(id);
      return label ? [{ id, name: label.name, colour: label.colour as LabelColour }] : [];
    }),
  });
}
