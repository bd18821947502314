import { userFieldsInput } from '@fleet/domain/inputs';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useMe, usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpc } from '../../lib/trpc';
import { applyServerErrors, SelectField, SwitchField, TextField } from '../common/form/form-fields';
import { AuditLog } from './audit-log';
import { SignInNumber } from './sign-in-number';

type Values = z.input<typeof userFieldsInput>;

/** The signed-in person's own account; the operator's owner also keeps the company's tax and trip settings here. */
export default function ProfilePage() {
  const me = useMe();
  const permissions = usePermissions();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string>();
  const form = useForm<Values>({ resolver: zodResolver(userFieldsInput) as never, mode: 'onTouched' });
  const user = me.data?.user;
  useEffect(() => {
    if (!user) return;
    form.reset({
      name: user.name,
      email: user.email ?? '',
      phone: user.phone,
      accessLevel: user.accessLevel,
      panNo: user.panNo ?? '',
      gstNo: user.gstNo ?? '',
      lutNo: user.lutNo ?? '',
      vatNo: user.vatNo ?? '',
      sezGstNo: user.sezGstNo ?? '',
      gstType: user.gstType,
      headOfficeCityId: user.headOfficeCityId ?? '',
      stateId: user.stateId ?? '',
      isTripStartOtpRequired: user.isTripStartOtpRequired,
      isTripEndOtpRequired: user.isTripEndOtpRequired,
      isBookingApiOnly: user.isBookingApiOnly,
      autoSendPassengerSms: user.autoSendPassengerSms,
      autoSendPassengerEmail: user.autoSendPassengerEmail,
    });
  }, [user, form]);
  const save = useMutation(
    trpc.user.updateProfile.mutationOptions({
      onSuccess: () => {
        showToast('Your profile is saved.');
        queryClient.invalidateQueries({ queryKey: trpc.user.me.queryKey() });
      },
      onError: (error) => {
        // The sign-in number is not one of this form's fields (it changes with a code, above).
        const onPhone = fieldErrorsOf(error).phone;
        if (onPhone) setProblem(onPhone);
        else setProblem(applyServerErrors(form, error) ? undefined : errorMessage(error));
      },
    }),
  );
  if (!user) return null;
  const owner = user.isOwner;

  return (
    <Stack maw={900}>
      <Group justify="space-between">
        <Title order={2}>Profile</Title>
        <Group gap="xs">
          <Badge variant="light">{owner ? 'Owner' : user.role === 'EMPLOYEE' ? 'Employee' : user.role}</Badge>
          <Text size="sm" c="dimmed">
            {me.data?.tenant.name}
          </Text>
        </Group>
      </Group>
      <SignInNumber phone={user.phone} canChange={!me.data?.isMasquerade} />
      <FormProvider {...form}>
        <form
          onSubmit={form.handleSubmit((values) => {
            setProblem(undefined);
            save.mutate(values as z.output<typeof userFieldsInput>);
          })}
          noValidate
        >
          <Stack>
            {problem ? <Alert color="red">{problem}</Alert> : null}
            <Card withBorder>
              <Stack>
                <Text fw={600}>You</Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextField name="name" label="Name" required />
                  <TextField name="email" label="Email" type="email" />
                </SimpleGrid>
              </Stack>
            </Card>
            {owner ? (
              <Card withBorder>
                <Stack>
                  <Text fw={600}>Company tax and trip settings</Text>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <SelectField
                      name="gstType"
                      label="Tax registration"
                      data={[
                        { value: 'GSTIN', label: 'GSTIN' },
                        { value: 'LUT', label: 'LUT' },
                        { value: 'VAT', label: 'VAT' },
                        { value: 'SEZ', label: 'SEZ' },
                        { value: 'UNREGISTRED', label: 'Unregistered' },
                      ]}
                    />
                    <TextField name="gstNo" label="GSTIN" placeholder="27AAPFU0939F1ZV" />
                    <TextField name="panNo" label="PAN" placeholder="ABCPE1234F" />
                    <TextField name="lutNo" label="LUT number" />
                    <TextField name="sezGstNo" label="SEZ GSTIN" />
                    <TextField name="vatNo" label="VAT number" />
                  </SimpleGrid>
                  <SwitchField name="isTripStartOtpRequired" label="Passenger OTP to start a trip" />
                  <SwitchField name="isTripEndOtpRequired" label="Passenger OTP to end a trip" />
                  <SwitchField
                    name="autoSendPassengerSms"
                    label="Send passengers their trip details by SMS automatically"
                  />
                  <SwitchField
                    name="autoSendPassengerEmail"
                    label="Send passengers their trip details by email automatically"
                  />
                </Stack>
              </Card>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
      {permissions?.has('manage_employee') ? <AuditLog /> : null}
    </Stack>
  );
}
