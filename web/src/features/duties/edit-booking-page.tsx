// /duties/booking/$id/edit: the booking form filled with one duty as saved, changed through
// booking.update with the version that was read. Someone else's save in between is shown, never
// overwritten: reloading puts what was typed here back on top of their version, naming what both changed.
import { editRefusal, KEPT_BY_UPDATE } from '@fleet/domain';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, reasonOf, trpc, trpcClient } from '../../lib/trpc';
import { PageHeader } from '../common/list/page-header';
import { ddmmyyyy } from '../masters/format';
import { BookingForm, type KeptParts } from './booking-form';
import {
  type BookingFormValues,
  bookingFormValuesOf,
  FORM_PART_NAMES,
  type Rebased,
  rebaseEdits,
} from './booking-form-values';
import type { BookingView } from './booking-types';
import { dutyNumber } from './duty-format';

/** What an edit of this duty changes: this one day, whatever the booking's other days are. */
function dutyScope(view: BookingView): string | null {
  const { booking } = view;
  const day = `duty ${dutyNumber(booking.bookingNo)} on ${ddmmyyyy(booking.startDate)}`;
  if (booking.parentId) {
    return `This is one day of a booking of several days. Saving changes ${day} only; the other days keep their details — edit each from its own page.`;
  }
  if (view.duties.length > 0) {
    return `This is the first of ${view.duties.length + 1} days. Saving changes ${day} only; the other ${view.duties.length} days keep their details — edit each from its own page.`;
  }
  return null;
}

const partList = (parts: (keyof BookingFormValues)[]) => parts.map((p) => FORM_PART_NAMES[p]).join(', ');

function ReloadedNotice({ rebased, version }: { rebased: Rebased; version: number }) {
  return (
    <Alert
      color="yellow"
      title={`Reloaded version ${version}, as saved by someone else`}
      data-testid="reloaded"
    >
      <Text size="sm">
        {rebased.kept.length
          ? `What you changed is kept on top of it: ${partList(rebased.kept)}.`
          : 'You had changed nothing; the form now shows their version.'}
      </Text>
      {rebased.clashed.length ? (
        <Text size="sm">
          They changed {partList(rebased.clashed)} too; yours replaces theirs when you save — check it first.
        </Text>
      ) : null}
    </Alert>
  );
}

function EditForm({ opened }: { opened: BookingView }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.booking.update.mutationOptions());
  const id = opened.booking.id;
  const bookingNo = dutyNumber(opened.booking.bookingNo);
  // What the person opened (to tell their changes from another's) and the version to save against.
  const [base, setBase] = useState(() => ({
    version: opened.booking.version,
    values: bookingFormValuesOf(opened.booking, opened.attachments),
  }));
  const [form, setForm] = useState(() => ({ key: 0, initial: base.values }));
  const [stale, setStale] = useState<string>();
  const [reloaded, setReloaded] = useState<{ rebased: Rebased; version: number; refusal: string | null }>();
  const [reloadProblem, setReloadProblem] = useState<string>();
  const [reloading, setReloading] = useState(false);
  const valuesRef = useRef<(() => BookingFormValues) | null>(null);
  const kept: KeptParts = {
    lastDate: KEPT_BY_UPDATE.lastDate,
    confirmed: opened.booking.status === 'UNCONFIRMED' ? KEPT_BY_UPDATE.confirmed : undefined,
  };
  const scope = dutyScope(opened);

  const reload = async () => {
    setReloading(true);
    setReloadProblem(undefined);
    try {
      // Read past the cache: the page keeps showing this form, whatever the duty has become.
      const fresh = await trpcClient.booking.get.query({ id });
      const theirs = bookingFormValuesOf(fresh.booking, fresh.attachments);
      const mine = valuesRef.current?.() ?? form.initial;
      const rebased = rebaseEdits(base.values, mine, theirs);
      setBase({ version: fresh.booking.version, values: theirs });
      setForm((f) => ({ key: f.key + 1, initial: rebased.values }));
      setReloaded({
        rebased,
        version: fresh.booking.version,
        refusal: editRefusal(fresh.booking)?.message ?? null,
      });
      setStale(undefined);
    } catch (error) {
      setReloadProblem(errorMessage(error));
    } finally {
      setReloading(false);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={`Edit duty ${bookingNo}`}
        actions={
          <Anchor component={Link} to={`/duties/booking/${id}`} size="sm">
            Back to the duty without saving
          </Anchor>
        }
      />
      {scope ? (
        <Alert color="blue" data-testid="edit-scope">
          {scope}
        </Alert>
      ) : null}
      {stale ? (
        <Alert color="orange" title="Not saved: this duty changed meanwhile" data-testid="stale">
          <Stack gap="xs">
            <Text size="sm">{stale}</Text>
            <Text size="sm">
              Reloading shows their version with everything you changed here put back on top; nothing you
              typed is dropped.
            </Text>
            {reloadProblem ? (
              <Text size="sm" c="red">
                {reloadProblem}
              </Text>
            ) : null}
            <Group>
              <Button size="xs" onClick={() => void reload()} loading={reloading}>
                Reload the duty
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {reloaded ? <ReloadedNotice rebased={reloaded.rebased} version={reloaded.version} /> : null}
      {reloaded?.refusal ? (
        <Alert color="red" title="It can no longer be edited">
          {reloaded.refusal}
        </Alert>
      ) : null}
      <BookingForm
        key={form.key}
        initial={form.initial}
        submitLabel="Save changes"
        kept={kept}
        valuesRef={valuesRef}
        onSubmit={async (draft) => {
          try {
            await update.mutateAsync({ id, draft, version: base.version });
          } catch (error) {
            if (reasonOf(error) !== 'STALE_VERSION') throw error;
            setStale(errorMessage(error));
            return;
          }
          showToast(`Saved duty ${bookingNo}.`);
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: trpc.booking.get.pathKey() }),
            queryClient.invalidateQueries({ queryKey: trpc.booking.list.pathKey() }),
          ]);
          await navigate({ to: `/duties/booking/${id}` });
        }}
      />
    </Stack>
  );
}

export default function EditBookingPage() {
  const params = useParams({ strict: false });
  const id = typeof params.id === 'string' ? params.id : '';
  const query = useQuery(trpc.booking.get.queryOptions({ id }));
  if (query.isError) {
    return (
      <Alert color="red" title="This booking could not be opened">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const view = query.data;
  if (!view) return null;
  const refusal = editRefusal(view.booking);
  if (refusal) {
    return (
      <Stack gap="md">
        <PageHeader title={`Edit duty ${dutyNumber(view.booking.bookingNo)}`} />
        <Alert color="orange" title="This duty cannot be edited" data-testid="not-editable">
          <Stack gap="xs">
            <Text size="sm">{refusal.message}</Text>
            <Anchor component={Link} to={`/duties/booking/${id}`} size="sm">
              Back to the duty
            </Anchor>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return <EditForm key={view.booking.id} opened={view} />;
}
