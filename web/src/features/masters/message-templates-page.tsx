// /business-settings/message-templates: the words each message goes out in. A list of types (SMS,
// then email) with the operator's own or the default; an editor with the variables as chips to insert,
// the DLT registration of a text, a live preview on a booking chosen by its number, save against the
// version opened (someone else's save meanwhile is shown, never overwritten) and reset to the default.
// Read-only without manage_company_profile.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Grid,
  Group,
  Loader,
  NavLink,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, reasonOf, trpc, trpcClient } from '../../lib/trpc';
import { PageHeader } from '../common/list/page-header';

type Template = Awaited<ReturnType<typeof trpcClient.messageTemplate.list.query>>['templates'][number];

const TYPE_LABELS: Record<string, string> = {
  CONFIRMATION_SMS: 'Booking confirmation',
  DRIVER_ALLOTMENT_SMS: 'Duty allotted (to the driver)',
  CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP: 'Car and driver, with trip OTP (to passengers)',
  CANCELLATION_SMS: 'Booking cancelled',
  FEEDBACK_REQUEST_SMS: 'Feedback request',
  SEND_INFO_TO_SUPPLIER_SMS: 'Duty allotted (to the supplier)',
  DIGITAL_DUTY_SLIP_SMS: 'Digital duty slip to sign (to passengers)',
  CONFIRMATION_EMAIL: 'Booking confirmation',
  DUTY_INFO_EMAIL: 'Car and driver details (sent by hand)',
  DUTY_SLIP_EMAIL: 'Duty slip',
  INVOICE_EMAIL: 'Invoice',
  PURCHASE_INVOICE_EMAIL: 'Purchase invoice (to the supplier)',
  PETTY_CASH_INFO_SMS: 'Petty cash entry (to its person)',
  PETTY_CASH_INFO_EMAIL: 'Petty cash entry (to its person)',
  RECEIPT_EMAIL: 'Receipt',
  PAYMENT_REQUEST_EMAIL: 'Payment request',
  PAYMENT_REQUEST_SMS: 'Payment request',
};
const labelOf = (type: string) => TYPE_LABELS[type] ?? type;

export default function MessageTemplatesPage() {
  const permissions = usePermissions();
  const canManage = permissions?.has('manage_company_profile') ?? false;
  const list = useQuery(trpc.messageTemplate.list.queryOptions());
  const [chosen, setChosen] = useState<Template['type']>('CONFIRMATION_SMS');
  const current = list.data?.templates.find((t) => t.type === chosen);

  return (
    <Container size="xl" py="md">
      <PageHeader
        title="Message templates"
        actions={
          <Anchor component={Link} to="/business-settings" size="sm">
            Business settings
          </Anchor>
        }
      />
      <Stack>
        {list.error ? <Alert color="red">{errorMessage(list.error)}</Alert> : null}
        {!canManage ? (
          <Alert color="blue">
            You can see the templates; changing them needs the permission to manage company profiles.
          </Alert>
        ) : null}
        {list.isLoading || !list.data ? (
          <Loader />
        ) : (
          <Grid>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder p="xs">
                {(['SMS', 'EMAIL'] as const).map((channel) => (
                  <Stack
                    key={channel}
                    gap={0}
                    mb="sm"
                    role="list"
                    aria-label={channel === 'SMS' ? 'SMS' : 'Email'}
                  >
                    <Text size="xs" c="dimmed" fw={600} px="xs">
                      {channel === 'SMS' ? 'SMS' : 'Email'}
                    </Text>
                    {list.data.templates
                      .filter((t) => t.channel === channel)
                      .map((t) => (
                        <NavLink
                          key={t.type}
                          role="listitem"
                          active={t.type === chosen}
                          label={labelOf(t.type)}
                          description={t.type}
                          onClick={() => setChosen(t.type)}
                          rightSection={
                            <Badge size="xs" variant="light" color={t.isDefault ? 'gray' : 'blue'}>
                              {t.isDefault ? 'Default' : 'Own'}
                            </Badge>
                          }
                        />
                      ))}
                  </Stack>
                ))}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              {current ? (
                <Editor
                  key={`${current.type}:${current.version}`}
                  template={current}
                  variables={list.data.variables}
                  canManage={canManage}
                />
              ) : null}
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}

function Editor({
  template,
  variables,
  canManage,
}: {
  template: Template;
  variables: string[];
  canManage: boolean;
}) {
  const queryClient = useQueryClient();
  const isSms = template.channel === 'SMS';
  const [body, setBody] = useState(template.body);
  const [subject, setSubject] = useState(template.subject);
  const [dltTemplateId, setDltTemplateId] = useState(template.dltTemplateId);
  const [senderId, setSenderId] = useState(template.senderId);
  // The version this edit saves against: the one opened, or theirs once a conflict is seen and kept over.
  const [version, setVersion] = useState(template.version);
  const [theirs, setTheirs] = useState<Template>();
  const [bookingNo, setBookingNo] = useState<number | ''>('');
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.messageTemplate.list.queryKey() });

  const save = useMutation(
    trpc.messageTemplate.save.mutationOptions({
      onSuccess: () => {
        showToast(`${labelOf(template.type)} template saved.`);
        void refresh();
      },
      onError: async (error) => {
        if (reasonOf(error) !== 'STALE_VERSION') return;
        const fresh = await trpcClient.messageTemplate.list.query();
        setTheirs(fresh.templates.find((t) => t.type === template.type));
      },
    }),
  );
  const reset = useMutation(
    trpc.messageTemplate.reset.mutationOptions({
      onSuccess: () => {
        showToast(`${labelOf(template.type)} is back to the default.`);
        void refresh();
      },
    }),
  );

  const [typed] = useDebouncedValue({ body, subject, dltTemplateId, bookingNo }, 300);
  const preview = useQuery({
    ...trpc.messageTemplate.preview.queryOptions({
      type: template.type,
      body: typed.body,
      subject: isSms ? '' : typed.subject,
      dltTemplateId: isSms ? typed.dltTemplateId : '',
      bookingNo: typed.bookingNo === '' ? undefined : typed.bookingNo,
    }),
    enabled: typed.bookingNo !== '' && typed.body.trim() !== '',
  });

  const insert = (name: string) => {
    const chip = `{${name}}`;
    const area = bodyRef.current;
    const at = area ? area.selectionStart : body.length;
    const end = area ? area.selectionEnd : body.length;
    setBody(body.slice(0, at) + chip + body.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(at + chip.length, at + chip.length);
    });
  };

  const errors = save.error ? fieldErrorsOf(save.error) : {};
  const stale = reasonOf(save.error) === 'STALE_VERSION';

  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={4}>
            {labelOf(template.type)} · {isSms ? 'SMS' : 'Email'}
          </Title>
          <Text size="xs" c="dimmed">
            {template.isDefault ? 'The default wording' : `Your wording, version ${template.version}`}
          </Text>
        </Group>
        {stale && theirs ? (
          <Alert color="orange" title="Not saved: someone saved this template meanwhile" data-testid="stale">
            <Stack gap="xs">
              <Text size="sm">Their text: {theirs.body}</Text>
              <Group>
                <Button
                  size="xs"
                  onClick={() => {
                    setVersion(theirs.version);
                    save.reset();
                  }}
                >
                  Keep mine (save again to replace theirs)
                </Button>
                <Button size="xs" variant="default" onClick={() => void refresh()}>
                  Take theirs
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : save.error && Object.keys(errors).length === 0 ? (
          <Alert color="red">{errorMessage(save.error)}</Alert>
        ) : null}
        {!isSms ? (
          <TextInput
            label="Subject"
            value={subject}
            readOnly={!canManage}
            error={errors.subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
          />
        ) : null}
        <Textarea
          ref={bodyRef}
          label="Message"
          description="{variable} is filled from the booking; [ … ] is left out when a variable in it is empty."
          autosize
          minRows={isSms ? 3 : 8}
          value={body}
          readOnly={!canManage}
          error={errors.body}
          onChange={(e) => setBody(e.currentTarget.value)}
        />
        {canManage ? (
          <Group gap={4} aria-label="Variables">
            {variables.map((name) => (
              <Badge
                key={name}
                component="button"
                type="button"
                variant="outline"
                style={{ cursor: 'pointer', textTransform: 'none' }}
                onClick={() => insert(name)}
              >
                {`{${name}}`}
              </Badge>
            ))}
          </Group>
        ) : null}
        {isSms ? (
          <Group grow align="flex-start">
            <TextInput
              label="DLT template id"
              description="12 to 19 digits, as registered on DLT; empty while testing"
              value={dltTemplateId}
              readOnly={!canManage}
              error={errors.dltTemplateId}
              onChange={(e) => setDltTemplateId(e.currentTarget.value)}
            />
            <TextInput
              label="Sender id (DLT header)"
              description="6 letters, e.g. FLTOPS"
              value={senderId}
              readOnly={!canManage}
              error={errors.senderId}
              onChange={(e) => setSenderId(e.currentTarget.value.toUpperCase())}
            />
          </Group>
        ) : null}
        {canManage ? (
          <Group justify="space-between">
            <Button
              variant="default"
              color="red"
              disabled={template.isDefault}
              loading={reset.isPending}
              onClick={() => reset.mutate({ type: template.type, version: template.version })}
            >
              Reset to default
            </Button>
            <Button
              loading={save.isPending}
              onClick={() =>
                save.mutate({
                  type: template.type,
                  body,
                  subject: isSms ? '' : subject,
                  dltTemplateId: isSms ? dltTemplateId : '',
                  senderId: isSms ? senderId : '',
                  version,
                })
              }
            >
              Save
            </Button>
          </Group>
        ) : null}
        <Paper withBorder p="sm" bg="gray.0">
          <Stack gap="xs">
            <NumberInput
              label="Preview with booking number"
              placeholder="e.g. 1024"
              min={1}
              allowDecimal={false}
              value={bookingNo}
              onChange={(v) => setBookingNo(typeof v === 'number' ? v : '')}
              w={220}
            />
            {preview.error ? (
              <Text size="sm" c="red">
                {errorMessage(preview.error)}
              </Text>
            ) : null}
            {preview.data ? (
              <Stack gap={4} data-testid="preview">
                {!isSms ? <Text fw={600}>{preview.data.subject}</Text> : null}
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {preview.data.text}
                </Text>
                {preview.data.emptyVariables.length ? (
                  <Text size="xs" c="orange">
                    Empty for this booking: {preview.data.emptyVariables.map((v) => `{${v}}`).join(', ')}
                  </Text>
                ) : null}
                {preview.data.cutVariables.length ? (
                  <Text size="xs" c="orange">
                    Cut to 30 characters (DLT): {preview.data.cutVariables.map((v) => `{${v}}`).join(', ')}
                  </Text>
                ) : null}
              </Stack>
            ) : null}
          </Stack>
        </Paper>
      </Stack>
    </Paper>
  );
}
