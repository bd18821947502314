// Taking a booking: customer first (its city and contact fill in), then passengers and contacts as rows,
// the duty, the price (shown from the customer's rate card while left empty) and notes. Checked as you
// type by the schema booking.create checks with; the server's field errors land on the fields they name.
import {
  type CustomFieldShape,
  customFieldChoices,
  customFieldShapeOf,
  f,
  isIsoDate,
  type ListedKind,
  type PermissionId,
} from '@fleet/domain';
import type { BookingDraft } from '@fleet/domain/inputs';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type MutableRefObject, useEffect, useMemo, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { usePermissions } from '../../app/session';
import { errorMessage, trpc } from '../../lib/trpc';
import {
  applyServerErrors,
  DateField,
  SelectField,
  SwitchField,
  TextField,
} from '../common/form/form-fields';
import { Panel } from '../common/panel';
import { listedApi } from '../masters/master-api';
import { keepsFocus, MasterField, QUARTER_HOURS } from '../masters/master-fields';
import { AttachmentsField } from './booking-attachments';
import { BookingChoiceField } from './booking-choice-field';
import {
  type BookingFormContext,
  type BookingFormValues,
  bookingFormResolver,
  customerPatch,
  customFieldRows,
  emptyContact,
} from './booking-form-values';
import type { Quote } from './booking-types';
import { rupees } from './duty-format';

const TIME_OPTIONS = QUARTER_HOURS.map((t) => ({ value: t, label: t }));

/** A picker of another master's records the masters' own permission opens, searched on the server as you type. */
function Ref({
  name,
  label,
  target,
  required,
  many,
}: {
  name: string;
  label: string;
  target: ListedKind;
  required?: boolean;
  many?: boolean;
}) {
  const field = many ? f.refs(label, target, { required }) : f.ref(label, target, { required });
  return <MasterField name={name} field={field} kind="booking" />;
}

/** Passengers or additional contacts: a row each, added and removed as needed. */
function ContactRows({
  name,
  item,
  min,
  max,
}: {
  name: 'passengers' | 'additionalContacts';
  item: string;
  min: number;
  max: number;
}) {
  const { control, getFieldState, formState } = useFormContext<BookingFormValues>();
  const rows = useFieldArray({ control, name });
  const error = getFieldState(name, formState).error;
  return (
    <Stack gap="xs">
      {rows.fields.map((row, index) => (
        <Card key={row.id} withBorder padding="xs" role="group" aria-label={`${item} ${index + 1}`}>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <SimpleGrid cols={{ base: 1, sm: 4 }} style={{ flex: 1 }}>
              <TextField name={`${name}.${index}.name`} label="Name" required />
              <TextField name={`${name}.${index}.phone`} label="Phone" type="tel" placeholder="+91…" />
              <TextField name={`${name}.${index}.email`} label="Email" type="email" />
              <TextField name={`${name}.${index}.customField`} label="Employee ID / reference" />
            </SimpleGrid>
            {rows.fields.length > min ? (
              <Button
                {...keepsFocus}
                mt={24}
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => rows.remove(index)}
                aria-label={`Remove ${item.toLowerCase()} ${index + 1}`}
              >
                Remove
              </Button>
            ) : null}
          </Group>
        </Card>
      ))}
      {error?.message ? (
        <Text size="xs" c="red">
          {error.message}
        </Text>
      ) : null}
      {rows.fields.length < max ? (
        <Group>
          <Button {...keepsFocus} size="xs" variant="light" onClick={() => rows.append(emptyContact())}>
            Add {item.toLowerCase()}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * The chosen customer's city, contact and billed-from company, filled into what is still empty:
 * booking.choices gives them to whoever may take a booking, with or without the customers' screens.
 */
function useCustomerDefaults() {
  const { control, getValues, setValue } = useFormContext<BookingFormValues>();
  const customerId = useWatch({ control, name: 'customerId' });
  const chosen = useQuery(
    trpc.booking.choices.queryOptions(
      { kind: 'customer', ids: [customerId] },
      { enabled: customerId !== '', staleTime: 60_000 },
    ),
  );
  const details = chosen.data?.[0]?.details;
  useEffect(() => {
    if (!details) return;
    const { city_id, contact_person, phone, email, billed_from_company_id } = details;
    const patch = customerPatch(getValues(), {
      cityId: city_id ?? null,
      contactPerson: contact_person ?? null,
      phone: phone ?? null,
      email: email ?? null,
      billedFromCompanyId: billed_from_company_id ?? null,
    });
    if (patch.fromCityId) setValue('fromCityId', patch.fromCityId, { shouldValidate: true });
    if (patch.companyId) setValue('companyId', patch.companyId);
    if (patch.bookedBy) setValue('bookedBy', patch.bookedBy);
  }, [details, getValues, setValue]);
}

/** The customer's rate card in force for the duty, once the duty is known well enough to look it up. */
function useQuote() {
  const { control } = useFormContext<BookingFormValues>();
  const [customerId, dutyTypeId, vehicleGroupId, fromCityId, reportingDate] = useWatch({
    control,
    name: ['customerId', 'dutyTypeId', 'vehicleGroupId', 'fromCityId', 'reportingDate'],
  });
  const ready = !!customerId && !!dutyTypeId && !!vehicleGroupId && !!fromCityId && isIsoDate(reportingDate);
  return useQuery(
    trpc.booking.quote.queryOptions(
      { customerId, dutyTypeId, vehicleGroupId, fromCityId, reportingDate },
      { enabled: ready, staleTime: 60_000 },
    ),
  );
}

function quoteLine(quote: NonNullable<Quote>): string {
  const parts = [
    quote.price ? `${rupees(quote.price)} a duty` : null,
    quote.extraKmRate ? `${rupees(quote.extraKmRate)} per extra km` : null,
    quote.extraHourRate ? `${rupees(quote.extraHourRate)} per extra hour` : null,
  ].filter(Boolean);
  return `Rate card “${quote.name}”: ${parts.join(', ')}.`;
}

function SalesPrice() {
  const { control } = useFormContext<BookingFormValues>();
  const quote = useQuote();
  const [price, extraKm, extraHour] = useWatch({
    control,
    name: ['sales.price', 'sales.extraKmRate', 'sales.extraHourRate'],
  });
  const card = quote.data;
  const fromCard = (typed: string, value: NonNullable<Quote>['price']) =>
    !typed.trim() && card && value ? `${rupees(value)} from rate card` : undefined;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField
          name="sales.price"
          label="Price"
          placeholder={card?.price ? card.price.toFixed(2) : '0.00'}
          description={fromCard(price, card?.price ?? null)}
        />
        <TextField
          name="sales.extraKmRate"
          label="Extra km rate"
          placeholder={card?.extraKmRate ? card.extraKmRate.toFixed(2) : '0.00'}
          description={fromCard(extraKm, card?.extraKmRate ?? null)}
        />
        <TextField
          name="sales.extraHourRate"
          label="Extra hour rate"
          placeholder={card?.extraHourRate ? card.extraHourRate.toFixed(2) : '0.00'}
          description={fromCard(extraHour, card?.extraHourRate ?? null)}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed" data-testid="rate-card-quote">
        {quote.fetchStatus === 'fetching'
          ? 'Looking up the customer’s rate card…'
          : card
            ? `${quoteLine(card)} Leave a price empty to charge the card’s.`
            : card === null
              ? 'No rate card of this customer is in force for this duty type, vehicle group, city and date: enter the price.'
              : 'Choose the customer, duty type, vehicle group, city and date to see the rate card’s price.'}
      </Text>
    </Stack>
  );
}

/** The operator's active booking custom fields, for whoever may see custom fields (none otherwise). */
function useBookingCustomFields(visible: boolean): CustomFieldShape[] {
  const list = useQuery(
    listedApi('custom_field').list.queryOptions(
      { active: 'active', filters: { entities: ['BOOKING'] }, limit: 1000 },
      { enabled: visible, staleTime: 60_000 },
    ),
  );
  return useMemo(() => (list.data?.records ?? []).map(customFieldShapeOf), [list.data]);
}

/** A row per booking custom field: a choice field picks among its choices, a text field takes text. */
function CustomFields({ fields }: { fields: readonly CustomFieldShape[] }) {
  const { getValues, setValue } = useFormContext<BookingFormValues>();
  useEffect(() => {
    setValue('customFields', customFieldRows(fields, getValues('customFields')));
  }, [fields, getValues, setValue]);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {fields.map((field, index) =>
        field.type === 'SELECT' ? (
          <SelectField
            key={field.id}
            name={`customFields.${index}.value`}
            label={field.name}
            required={field.isRequired}
            data={customFieldChoices(field.options).map((choice) => ({ value: choice, label: choice }))}
          />
        ) : (
          <TextField
            key={field.id}
            name={`customFields.${index}.value`}
            label={field.name}
            required={field.isRequired}
          />
        ),
      )}
    </SimpleGrid>
  );
}

/** Parts of the form an edit cannot change, each with why (the service's words, KEPT_BY_UPDATE). */
export type KeptParts = Partial<Record<'lastDate' | 'confirmed', string>>;

function MultiDay({ kept }: { kept?: string }) {
  const { control } = useFormContext<BookingFormValues>();
  const multiDay = useWatch({ control, name: 'multiDay' });
  if (kept) {
    return (
      <Text size="xs" c="dimmed" data-testid="days-kept">
        {kept}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <SwitchField name="multiDay" label="Several days (a duty a day)" />
      {multiDay ? <DateField name="lastDate" label="Last date" required /> : null}
    </Stack>
  );
}

/**
 * The booking form; `onSubmit` takes the checked draft and rejects with the server's error, which is put
 * on the fields it names (or above the form) with nothing typed lost.
 */
export function BookingForm({
  initial,
  onSubmit,
  submitLabel = 'Save booking',
  kept = {},
  valuesRef,
}: {
  initial: BookingFormValues;
  /** The checked draft, and the values it was made from. */
  onSubmit: (draft: BookingDraft, values: BookingFormValues) => Promise<unknown>;
  submitLabel?: string;
  /** Shown read-only with the reason: what saving this form will not change. */
  kept?: KeptParts;
  /** Reads what the form holds now (a page that must keep it across a reload). */
  valuesRef?: MutableRefObject<(() => BookingFormValues) | null>;
}) {
  const permissions = usePermissions();
  const can = (permission: PermissionId) => permissions?.has(permission) ?? false;
  // Shown only to whoever may see custom fields; a required one then must be filled in (the server asks
  // the same of them, and not of someone who is never shown the fields).
  const customFields = useBookingCustomFields(can('view_custom_fields'));
  const context = useMemo<BookingFormContext>(() => ({ customFields }), [customFields]);
  const form = useForm<BookingFormValues, BookingFormContext, BookingDraft>({
    defaultValues: initial,
    resolver: bookingFormResolver,
    context,
    mode: 'onTouched',
  });
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    if (valuesRef) valuesRef.current = form.getValues;
  }, [valuesRef, form.getValues]);
  const submit = form.handleSubmit(async (draft) => {
    setProblem(undefined);
    try {
      await onSubmit(draft, form.getValues());
    } catch (error) {
      setProblem(applyServerErrors(form, error) ? undefined : errorMessage(error));
    }
  });
  return (
    <FormProvider {...form}>
      <BookingFormBody
        can={can}
        customFields={customFields}
        saving={form.formState.isSubmitting}
        problem={problem}
        onSubmit={submit}
        submitLabel={submitLabel}
        kept={kept}
      />
    </FormProvider>
  );
}

function BookingFormBody({
  can,
  customFields,
  saving,
  problem,
  onSubmit,
  submitLabel,
  kept,
}: {
  submitLabel: string;
  kept: KeptParts;
  can: (permission: PermissionId) => boolean;
  customFields: readonly CustomFieldShape[];
  saving: boolean;
  problem?: string;
  onSubmit: () => void;
}) {
  useCustomerDefaults();
  const [uploading, setUploading] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      aria-label="Booking form"
    >
      <Stack gap="md">
        {problem ? <Alert color="red">{problem}</Alert> : null}
        <Panel title="Customer">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <BookingChoiceField name="customerId" label="Customer" kind="customer" required />
            <TextField name="orderReferenceNumber" label="Order reference" />
            <BookingChoiceField name="companyId" label="Billed from" kind="company" />
            <TextField name="bookedBy.name" label="Booked by" />
            <TextField name="bookedBy.phone" label="Booker’s phone" type="tel" placeholder="+91…" />
            <TextField name="bookedBy.email" label="Booker’s email" type="email" />
          </SimpleGrid>
        </Panel>

        <Panel title="Passengers">
          <ContactRows name="passengers" item="Passenger" min={1} max={20} />
        </Panel>

        <Panel title="Additional contacts">
          <ContactRows name="additionalContacts" item="Contact" min={0} max={10} />
        </Panel>

        <Panel title="Duty">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 4 }}>
              <BookingChoiceField name="fromCityId" label="From city" kind="city" required />
              <BookingChoiceField name="toCityId" label="To city" kind="city" />
              <BookingChoiceField name="vehicleGroupId" label="Vehicle group" kind="vehicle_group" required />
              <BookingChoiceField name="dutyTypeId" label="Duty type" kind="duty_type" required />
              <DateField name="reportingDate" label="Reporting date" required />
              <SelectField name="reportingTime" label="Reporting time" required data={TIME_OPTIONS} />
              <MultiDay kept={kept.lastDate} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField name="reportingAddress" label="Reporting address" required />
              <TextField name="dropAddress" label="Drop address" />
            </SimpleGrid>
          </Stack>
        </Panel>

        <Panel title="Price charged (sales)">
          <SalesPrice />
        </Panel>

        <Panel title="Price paid (purchase)">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextField name="purchase.price" label="Purchase price" placeholder="0.00" />
            <TextField name="purchase.extraKmRate" label="Purchase extra km rate" placeholder="0.00" />
            <TextField name="purchase.extraHourRate" label="Purchase extra hour rate" placeholder="0.00" />
          </SimpleGrid>
        </Panel>

        <Panel title="Notes and labels">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField name="remark" label="Remark (on the duty slip)" />
            <TextField name="operatorNotes" label="Operator notes (staff only)" />
            {can('view_label') ? <Ref name="labelIds" label="Labels" target="label" many /> : null}
            {can('view_duty_supporter') ? (
              <Ref name="dutySupporterIds" label="Duty supporters" target="duty_supporter" many />
            ) : null}
            <SwitchField
              name="confirmed"
              label="Confirmed by the customer"
              description={kept.confirmed ?? 'Off: kept as unconfirmed until the customer confirms'}
              disabled={kept.confirmed !== undefined}
            />
          </SimpleGrid>
        </Panel>

        {customFields.length > 0 ? (
          <Panel title="Custom fields">
            <CustomFields fields={customFields} />
          </Panel>
        ) : null}
        <Panel title="Attachments">
          <AttachmentsField onBusyChange={setUploading} />
        </Panel>

        <Group justify="flex-end">
          <Button {...keepsFocus} type="submit" loading={saving} disabled={uploading}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
