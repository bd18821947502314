// Allotting a duty from its page or from a board row: an own vehicle (its driver comes along, or another
// is chosen), a company supplier's vehicle and driver (picked or typed), or a DCO; optionally every duty
// of the booking. A conflict (an overlapping duty, a lapsed document) is shown as the service words it;
// a holder of "Allot Despite Conflicts" may then say why and allot anyway.
import { type MasterOf, PERMISSION } from '@fleet/domain';
import type { MasterListInput } from '@fleet/domain/inputs';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, reasonOf, trpc } from '../../lib/trpc';
import { listedApi } from '../masters/master-api';
import { useRefOptions } from '../masters/master-fields';
import {
  ALLOT_KIND_LABELS,
  ALLOT_KINDS,
  type AllotValues,
  allotOutcome,
  allotRequest,
  emptyAllot,
} from './allot-values';
import type { DutyRef } from './booking-types';
import { dutyNumber } from './duty-format';
import { useRefreshBookings } from './status-actions';

interface VehicleOption {
  value: string;
  label: string;
  driverId: string | null;
  driverName: string | null;
}

/** Vehicles found by number or model (within `filters`), plus the one chosen, with their own drivers. */
function useVehicleOptions(
  search: string,
  chosen: string,
  filters: { vehicle_groups?: string[]; suppliers?: string[] } | undefined,
): VehicleOption[] {
  const api = listedApi('vehicle');
  const found = useQuery(
    api.list.queryOptions(
      { search: search || undefined, active: 'active', filters, limit: 50 },
      { staleTime: 30_000 },
    ),
  );
  const known = useQuery(
    api.list.queryOptions(
      { ids: [chosen], active: 'all', limit: 1 },
      { enabled: chosen !== '', staleTime: 30_000 },
    ),
  );
  return useMemo(() => {
    const byId = new Map<string, VehicleOption>();
    for (const r of [...(known.data?.records ?? []), ...(found.data?.records ?? [])]) {
      const driverName = r.refNames.driver_id?.[0] ?? null;
      byId.set(r.id, {
        value: r.id,
        label: `${r.values.vehicle_no} · ${r.values.vehicle_model}${driverName ? ` — ${driverName}` : ''}`,
        driverId: r.values.driver_id,
        driverName,
      });
    }
    return [...byId.values()];
  }, [found.data, known.data]);
}

function VehiclePicker({
  label,
  value,
  onChange,
  filters,
  error,
  required,
  description,
}: {
  label: string;
  value: string;
  onChange: (vehicle: VehicleOption | undefined) => void;
  filters: { vehicle_groups?: string[]; suppliers?: string[] } | undefined;
  error?: string;
  required?: boolean;
  description?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useVehicleOptions(debounced, value, filters);
  return (
    <Select
      label={label}
      withAsterisk={required}
      description={description}
      searchable
      clearable
      data={options}
      value={value || null}
      onSearchChange={setSearch}
      onChange={(id) => onChange(options.find((o) => o.value === id))}
      error={error}
      nothingFoundMessage="No vehicle matches"
    />
  );
}

/** A driver or supplier (within `filters`), searched on the server as you type. */
function RefSelect<K extends 'driver' | 'supplier'>({
  kind,
  label,
  value,
  onChange,
  filters,
  error,
  required,
  description,
}: {
  kind: K;
  label: string;
  value: string;
  onChange: (id: string) => void;
  filters?: MasterListInput<MasterOf<K>>['filters'];
  error?: string;
  required?: boolean;
  description?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const chosen = useMemo(() => (value ? [value] : []), [value]);
  const options = useRefOptions(kind, chosen, debounced, filters);
  return (
    <Select
      label={label}
      withAsterisk={required}
      description={description}
      searchable
      clearable
      data={options}
      value={value || null}
      onSearchChange={setSearch}
      onChange={(id) => onChange(id ?? '')}
      error={error}
      nothingFoundMessage="Nothing matches"
    />
  );
}

export function AllotDialog({
  duty,
  severalDuties,
  opened,
  onClose,
  sequence,
  onAllotted,
}: {
  duty: DutyRef;
  /** The booking has more than one duty: offer allotting them all at once. */
  severalDuties: boolean;
  opened: boolean;
  /** Closes the dialog; also called once the duty is allotted (the board and the page are refreshed). */
  onClose: () => void;
  /** One of several duties allotted one after another from the board: where it stands, and skipping it. */
  sequence?: { at: number; of: number; onSkip: () => void };
  /** Called instead of `onClose` once allotted, with the duties allotted (every duty of the booking, if asked). */
  onAllotted?: (dutyIds: string[]) => void;
}) {
  const permissions = usePermissions();
  const mayOverride = permissions?.has(PERMISSION.allot_despite_conflicts) ?? false;
  const [values, setValues] = useState<AllotValues>(emptyAllot);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [anyGroup, setAnyGroup] = useState(false);
  const [ownDriver, setOwnDriver] = useState<string | null>(null);
  const set = (patch: Partial<AllotValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };
  const allot = useMutation(trpc.booking.allot.mutationOptions());
  const refresh = useRefreshBookings();
  const showOverride = mayOverride && (conflict !== undefined || errors.overrideReason !== undefined);

  const submit = async () => {
    setProblem(undefined);
    const request = allotRequest(duty, values);
    if (!request.ok) {
      setErrors(request.problems);
      return;
    }
    try {
      const allotted = await allot.mutateAsync(request.input);
      setValues(emptyAllot());
      setConflict(undefined);
      showToast(
        allotted.length > 1
          ? `Allotted ${allotted.length} duties.`
          : `Allotted duty ${dutyNumber(duty.bookingNo)}: ${allotted[0]?.vehicleNo ?? ''} ${allotted[0]?.driverName ?? ''}`.trim(),
      );
      void refresh();
      if (onAllotted) onAllotted(allotted.map((d) => d.id));
      else onClose();
    } catch (error) {
      const outcome = allotOutcome({
        fieldErrors: fieldErrorsOf(error),
        reason: reasonOf(error),
        message: errorMessage(error),
      });
      setConflict(outcome.conflict);
      setErrors(outcome.errors);
      setProblem(outcome.problem);
    }
  };

  const kind = values.kind;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Allot duty ${dutyNumber(duty.bookingNo)}${sequence ? ` (${sequence.at} of ${sequence.of})` : ''}`}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        aria-label="Allot form"
        noValidate
      >
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Allot to"
            value={kind}
            onChange={(k) => {
              const chosen = ALLOT_KINDS.find((option) => option === k);
              if (chosen) set({ ...emptyAllot(), kind: chosen, allDuties: values.allDuties });
              setOwnDriver(null);
              setConflict(undefined);
            }}
            data={ALLOT_KINDS.map((k) => ({ value: k, label: ALLOT_KIND_LABELS[k] }))}
          />
          {kind === 'OWN' ? (
            <>
              <VehiclePicker
                label="Vehicle"
                required
                value={values.vehicleId}
                filters={anyGroup ? undefined : { vehicle_groups: [duty.vehicleGroupId] }}
                onChange={(vehicle) => {
                  set({ vehicleId: vehicle?.value ?? '' });
                  setOwnDriver(vehicle ? (vehicle.driverName ?? '') : null);
                }}
                error={errors.vehicleId}
                description={
                  ownDriver === null
                    ? undefined
                    : ownDriver
                      ? `${ownDriver} drives it unless you choose another driver.`
                      : 'It has no driver of its own: choose one, or the duty waits as Driver needed.'
                }
              />
              <Switch
                size="xs"
                label="Show vehicles of every group"
                checked={anyGroup}
                onChange={(e) => setAnyGroup(e.currentTarget.checked)}
              />
              <RefSelect
                kind="driver"
                label="Another driver"
                value={values.driverId}
                onChange={(driverId) => set({ driverId })}
                error={errors.driverId}
              />
            </>
          ) : (
            <RefSelect
              kind="supplier"
              label={kind === 'DCO' ? 'Driver-cum-owner' : 'Supplier'}
              required
              filters={{ supplier_types: [kind === 'DCO' ? 'DCO' : 'COMPANY'] }}
              value={values.supplierId}
              onChange={(supplierId) => set({ supplierId, vehicleId: '' })}
              error={errors.supplierId}
              description={kind === 'DCO' ? 'Brings the vehicle and drives it.' : undefined}
            />
          )}
          {kind === 'COMPANY_SUPPLIER' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {values.supplierId ? (
                <VehiclePicker
                  label="Supplier’s vehicle"
                  value={values.vehicleId}
                  filters={{ suppliers: [values.supplierId] }}
                  onChange={(vehicle) => set({ vehicleId: vehicle?.value ?? '' })}
                  error={errors.vehicleId}
                />
              ) : null}
              <TextInput
                label="Vehicle number"
                description="Typed, when the vehicle is not on the list"
                disabled={values.vehicleId !== ''}
                value={values.vehicleNo}
                onChange={(e) => set({ vehicleNo: e.currentTarget.value })}
                error={errors.vehicleNo}
              />
              <TextInput
                label="Driver’s name"
                withAsterisk
                value={values.driverName}
                onChange={(e) => set({ driverName: e.currentTarget.value })}
                error={errors.driverName}
              />
              <TextInput
                label="Driver’s phone"
                withAsterisk
                type="tel"
                placeholder="+91…"
                value={values.driverPhone}
                onChange={(e) => set({ driverPhone: e.currentTarget.value })}
                error={errors.driverPhone}
              />
            </SimpleGrid>
          ) : null}
          {severalDuties ? (
            <Checkbox
              label="Allot every duty of this booking"
              checked={values.allDuties}
              onChange={(e) => set({ allDuties: e.currentTarget.checked })}
            />
          ) : null}
          {conflict ? (
            <Alert color="orange" title="Conflict" data-testid="allot-conflict">
              {conflict}
            </Alert>
          ) : null}
          {showOverride ? (
            <Textarea
              label="Why allot it anyway"
              withAsterisk
              autosize
              minRows={2}
              value={values.overrideReason}
              onChange={(e) => set({ overrideReason: e.currentTarget.value })}
            />
          ) : null}
          {problem ? <Alert color="red">{problem}</Alert> : null}
          {errors.kind || errors.id ? (
            <Text c="red" size="sm">
              {errors.kind ?? errors.id}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {sequence ? 'Stop' : 'Close'}
            </Button>
            {sequence ? (
              <Button variant="default" onClick={sequence.onSkip}>
                Skip this duty
              </Button>
            ) : null}
            <Button type="submit" loading={allot.isPending}>
              {showOverride ? 'Allot despite the conflict' : 'Allot'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
