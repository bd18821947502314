import { f } from '@fleet/domain';
import { employeeInput } from '@fleet/domain/inputs';
import { zodResolver } from '@hookform/resolvers/zod';
import { Accordion, Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage, trpc } from '../../lib/trpc';
import {
  applyServerErrors,
  DateField,
  SelectField,
  SwitchField,
  TextField,
} from '../common/form/form-fields';
import { RefsPicker } from '../masters/master-fields';
import { PermissionEditor } from '../permission-profiles/permission-editor';

const BRANCHES = f.refs('Branches', 'branch', {
  help: 'The branches this employee works for: the live map shows only their drivers. Empty: every branch.',
});

type EmployeeValues = z.input<typeof employeeInput>;
export type EmployeeJson = EmployeeValues & {
  id: string;
  isActive: boolean;
  permissionProfileName: string | null;
  effectivePermissions: string[];
};

const EMPTY: EmployeeValues = {
  name: '',
  phone: '+91',
  email: '',
  accessLevel: 'ADMIN',
  employeeId: '',
  designation: '',
  dateOfJoining: '',
  gender: null,
  dob: '',
  permissionProfileId: '',
  grantedPermissions: [],
  branchIds: [],
  drivingLicenceNo: '',
  drivingLicenceExpiry: '',
  badgeNo: '',
  badgeExpiry: '',
  policeVerificationNo: '',
  policeVerificationDate: '',
  bankName: '',
  bankAccountHolder: '',
  bankAccountNo: '',
  bankIfsc: '',
};

function valuesOf(employee: EmployeeJson | undefined): EmployeeValues {
  if (!employee) return EMPTY;
  const values = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof EmployeeValues)[]) {
    const v = employee[key];
    (values as Record<string, unknown>)[key] = v === null || v === undefined ? EMPTY[key] : v;
  }
  return values;
}

/** Create or edit an employee; the same schema as the gateway validates with, checked as you type. */
export function EmployeeForm({
  employee,
  onSaved,
}: {
  employee?: EmployeeJson;
  onSaved: (name: string) => void;
}) {
  const form = useForm<EmployeeValues>({
    defaultValues: valuesOf(employee),
    resolver: zodResolver(employeeInput) as never,
    mode: 'onTouched',
  });
  const [problem, setProblem] = useState<string>();
  const profiles = useQuery(
    trpc.permissionProfile.list.queryOptions({ active: 'active', limit: 1000, sortBy: 'name' }),
  );
  const options = {
    onSuccess: (saved: { name: string }) => onSaved(saved.name),
    onError: (error: unknown) => {
      setProblem(applyServerErrors(form, error) ? undefined : errorMessage(error));
    },
  };
  const create = useMutation(trpc.employee.create.mutationOptions(options));
  const update = useMutation(trpc.employee.update.mutationOptions(options));
  const submit = form.handleSubmit((values) => {
    setProblem(undefined);
    const body = values as z.output<typeof employeeInput>;
    if (employee) update.mutate({ ...body, userId: employee.id });
    else create.mutate(body);
  });
  const profileOptions = (profiles.data?.profiles ?? []).map((p) => ({ value: p.id, label: p.name }));

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {problem ? <Alert color="red">{problem}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField name="name" label="Name" required />
            <TextField
              name="phone"
              label="Mobile number"
              required
              description="With country code; used to sign in"
              type="tel"
            />
            <TextField name="email" label="Email" type="email" />
            <SelectField
              name="accessLevel"
              label="Access"
              clearable={false}
              data={[
                { value: 'ADMIN', label: 'Back-office (admin)' },
                { value: 'CHANNEL_ONLY', label: 'Channels only' },
              ]}
            />
            <TextField name="employeeId" label="Employee ID" />
            <TextField name="designation" label="Designation" />
            <DateField name="dateOfJoining" label="Date of joining" />
            <SelectField
              name="gender"
              label="Gender"
              data={[
                { value: 'MALE', label: 'Male' },
                { value: 'FEAMLE', label: 'Female' },
                { value: 'OTHER', label: 'Other' },
              ]}
            />
            <DateField name="dob" label="Date of birth" />
            <SelectField
              name="permissionProfileId"
              label="Permission profile"
              data={profileOptions}
              description="What this employee may do"
            />
            <RefsPicker name="branchIds" field={BRANCHES} target="branch" />
          </SimpleGrid>
          <Accordion variant="contained" multiple>
            <Accordion.Item value="grants">
              <Accordion.Control>Individual permissions (on top of the profile)</Accordion.Control>
              <Accordion.Panel>
                <Controller
                  control={form.control}
                  name="grantedPermissions"
                  render={({ field }) => (
                    <PermissionEditor value={(field.value as string[]) ?? []} onChange={field.onChange} />
                  )}
                />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="documents">
              <Accordion.Control>Driving licence, badge and police verification</Accordion.Control>
              <Accordion.Panel>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextField name="drivingLicenceNo" label="Driving licence no." />
                  <DateField name="drivingLicenceExpiry" label="Licence valid till" />
                  <TextField name="badgeNo" label="Badge no." />
                  <DateField name="badgeExpiry" label="Badge valid till" />
                  <TextField name="policeVerificationNo" label="Police verification no." />
                  <DateField name="policeVerificationDate" label="Verified on" />
                </SimpleGrid>
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="bank">
              <Accordion.Control>Bank details</Accordion.Control>
              <Accordion.Panel>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextField name="bankName" label="Bank" />
                  <TextField name="bankAccountHolder" label="Account holder" />
                  <TextField name="bankAccountNo" label="Account number" />
                  <TextField name="bankIfsc" label="IFSC" />
                </SimpleGrid>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
          <SwitchField
            name="isBookingApiOnly"
            label="Booking API only"
            description="Can only book through the API, not sign in here"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending || update.isPending}>
              {employee ? 'Save changes' : 'Add employee'}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
