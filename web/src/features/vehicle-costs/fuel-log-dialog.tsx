// Adding or editing one fill: the vehicle, when (date and time), the fuel and what it cost (the rate per
// litre worked out as typed), the odometer, the station (chosen, or typed when not in masters), full tank
// or not, and how it was paid. The server's messages land at their fields; nothing typed is lost when a
// save fails. An edit can delete the fill instead.
import { FUEL_PAYMENT_MODES, operatorDate } from '@fleet/domain';
import { Checkbox, NumberInput, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { trpcClient } from '../../lib/trpc';
import { DateBox } from '../billing/invoice-form';
import { boundFields, useCheckedSave, withoutPrefix } from '../common/form/checked-save';
import { RecordDialog } from '../common/form/record-dialog';
import { rupees } from '../duties/duty-format';
import { paymentModeText } from './vehicle-cost-format';
import { RefPicker, useRefreshVehicleCosts } from './vehicle-cost-parts';
import type { FuelLog, FuelLogInput } from './vehicle-cost-types';

interface Values {
  fillDate: string;
  fillTime: string;
  vehicleId: string;
  driverId: string;
  quantity: string;
  amount: string;
  odometerKm: string;
  fuelStationId: string;
  stationName: string;
  isFullTank: boolean;
  paymentMode: (typeof FUEL_PAYMENT_MODES)[number];
  billNo: string;
  notes: string;
}

const nowTime = () => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  return `${parts.find((p) => p.type === 'hour')?.value ?? '00'}:${parts.find((p) => p.type === 'minute')?.value ?? '00'}`;
};

const valuesOf = (fill: FuelLog | undefined, vehicleId: string): Values =>
  fill
    ? {
        fillDate: fill.fillDate,
        fillTime: fill.fillTime,
        vehicleId: fill.vehicleId,
        driverId: fill.driverId ?? '',
        quantity: fill.quantity.toString(),
        amount: fill.amount.toFixed(2),
        odometerKm: String(fill.odometerKm),
        fuelStationId: fill.fuelStationId ?? '',
        stationName: fill.fuelStationId ? '' : fill.stationName,
        isFullTank: fill.isFullTank,
        paymentMode: FUEL_PAYMENT_MODES.find((m) => m === fill.paymentMode) ?? 'CASH',
        billNo: fill.billNo,
        notes: fill.notes,
      }
    : {
        fillDate: operatorDate(new Date()),
        fillTime: nowTime(),
        vehicleId,
        driverId: '',
        quantity: '',
        amount: '',
        odometerKm: '',
        fuelStationId: '',
        stationName: '',
        isFullTank: true,
        paymentMode: 'CASH',
        billNo: '',
        notes: '',
      };

/** The rate per litre of what is typed, when both figures read as numbers. */
function rateOf(values: Values): string | undefined {
  try {
    const quantity = new Decimal(values.quantity);
    const amount = new Decimal(values.amount);
    if (quantity.lte(0) || amount.lte(0)) return undefined;
    return rupees(amount.div(quantity).toDecimalPlaces(2));
  } catch {
    return undefined;
  }
}

/** What the form can tell before asking the server. */
function problemsOf(values: Values): Record<string, string> {
  const found: Record<string, string> = {};
  if (!values.vehicleId) found.vehicleId = 'Choose the vehicle.';
  if (!values.fillDate) found.fillDate = 'Give the day of the fill.';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(values.fillTime)) found.fillTime = 'Give the time as HH:MM.';
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(values.quantity.trim()) || Number(values.quantity) <= 0)
    found.quantity = 'Give the litres to at most three decimals, e.g. 42.35.';
  if (!/^\d{1,11}(\.\d{1,2})?$/.test(values.amount.trim()) || Number(values.amount) <= 0)
    found.amount = 'Give the amount in rupees, to the paisa.';
  if (!/^\d{1,7}$/.test(values.odometerKm.trim())) found.odometerKm = 'Give the odometer in whole km.';
  if (!values.fuelStationId && !values.stationName.trim())
    found.stationName = 'Choose the fuel station, or type its name.';
  return found;
}

const inputOf = (values: Values): FuelLogInput => ({
  fillDate: values.fillDate,
  fillTime: values.fillTime,
  vehicleId: values.vehicleId,
  driverId: values.driverId,
  quantity: values.quantity.trim(),
  amount: values.amount.trim(),
  odometerKm: Number(values.odometerKm),
  fuelStationId: values.fuelStationId,
  stationName: values.fuelStationId ? '' : values.stationName,
  isFullTank: values.isFullTank,
  paymentMode: values.paymentMode,
  billNo: values.billNo,
  notes: values.notes,
});

export function FuelLogDialog({
  fill,
  vehicleId = '',
  canManage,
  onClose,
}: {
  /** The fill to edit; none to add one. */
  fill?: FuelLog;
  vehicleId?: string;
  canManage: boolean;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(fill, vehicleId));
  const refresh = useRefreshVehicleCosts();
  const { errors, problem, submit, saving, failed, forget } = useCheckedSave({
    check: () => problemsOf(values),
    input: () => inputOf(values),
    send: (input: FuelLogInput) =>
      fill
        ? trpcClient.fuelLog.update.mutate({ id: fill.id, version: fill.version, fuelLog: input })
        : trpcClient.fuelLog.record.mutate(input),
    // An edit's fields arrive as fuelLog.amount…; the form names them without it.
    fieldsOf: withoutPrefix('fuelLog'),
    onSaved: (saved) => {
      showToast(`The fill of ${saved.vehicleNo} is saved.`);
      refresh();
      onClose();
    },
  });
  const { set, text } = boundFields(values, setValues, errors, forget);
  const remove = useMutation({
    mutationFn: (target: FuelLog) =>
      trpcClient.fuelLog.delete.mutate({ id: target.id, version: target.version }),
    onSuccess: () => {
      showToast('The fill is deleted.');
      refresh();
      onClose();
    },
    onError: failed,
  });
  const rate = rateOf(values);

  return (
    <RecordDialog
      title={fill ? `Fill of ${fill.vehicleNo}` : 'Add a fill'}
      formLabel="Fuel log form"
      canChange={canManage}
      onClose={onClose}
      onSubmit={submit}
      problem={problem}
      saving={saving}
      saveLabel={fill ? 'Save changes' : 'Save fill'}
      remove={
        fill
          ? { label: 'Delete fill', pending: remove.isPending, onRemove: () => remove.mutate(fill) }
          : undefined
      }
    >
      <RefPicker
        target="vehicle"
        label="Vehicle"
        required
        value={values.vehicleId}
        onChange={(vehicleId) => set({ vehicleId })}
        error={errors.vehicleId}
      />
      <SimpleGrid cols={2}>
        <DateBox
          label="Date"
          required
          value={values.fillDate}
          onChange={(fillDate) => set({ fillDate })}
          error={errors.fillDate}
        />
        <TextInput label="Time" withAsterisk placeholder="HH:MM" {...text('fillTime')} />
      </SimpleGrid>
      <SimpleGrid cols={3}>
        <TextInput label="Litres (kg, kWh)" withAsterisk inputMode="decimal" {...text('quantity')} />
        <TextInput
          label="Amount (₹)"
          withAsterisk
          inputMode="decimal"
          {...text('amount')}
          description={rate ? `${rate} a litre` : undefined}
        />
        <NumberInput
          label="Odometer (km)"
          withAsterisk
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          value={values.odometerKm}
          onChange={(v) => set({ odometerKm: String(v) })}
          error={errors.odometerKm}
        />
      </SimpleGrid>
      <Checkbox
        label="Full tank (filled to the brim: mileage is measured between full tanks)"
        checked={values.isFullTank}
        onChange={(e) => set({ isFullTank: e.currentTarget.checked })}
      />
      <SimpleGrid cols={2}>
        <RefPicker
          target="fuel_station"
          label="Fuel station"
          value={values.fuelStationId}
          onChange={(fuelStationId) => set({ fuelStationId, stationName: '' })}
          error={errors.fuelStationId}
        />
        <TextInput
          label="…or its name, when not in masters"
          disabled={!!values.fuelStationId}
          {...text('stationName')}
        />
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <RefPicker
          target="driver"
          label="Driver"
          value={values.driverId}
          onChange={(driverId) => set({ driverId })}
          error={errors.driverId}
        />
        <Select
          label="Paid by"
          allowDeselect={false}
          value={values.paymentMode}
          onChange={(v) => set({ paymentMode: FUEL_PAYMENT_MODES.find((m) => m === v) ?? 'CASH' })}
          data={FUEL_PAYMENT_MODES.map((value) => ({ value, label: paymentModeText(value) }))}
          error={errors.paymentMode}
        />
      </SimpleGrid>
      <TextInput label="Bill no." {...text('billNo')} />
      <Textarea label="Notes" autosize minRows={2} {...text('notes')} />
      {fill?.stretch ? (
        <Text size="sm" c="dimmed">
          This full tank closes {fill.stretch.km.toLocaleString('en-IN')} km on{' '}
          {fill.stretch.quantity.toString()} litres since the previous one:{' '}
          {fill.stretch.kmPerUnit.toFixed(2)} km a litre.
        </Text>
      ) : null}
    </RecordDialog>
  );
}
