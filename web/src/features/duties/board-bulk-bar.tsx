// The bar over the board while duties are selected: how many, and what can be done to all of them.
// Dispatch runs through booking.dispatch duty by duty with a progress bar. Allotting several duties is
// done one after another in the allot dialog, because each usually needs its own vehicle and driver;
// allotting "every duty of this booking" in it takes that booking's other selected duties off the list.
// Either way the toast at the end accounts for every selected duty.
import { permissionFor } from '@fleet/domain';
import { Button, Group, Paper, Progress, Text } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpcClient } from '../../lib/trpc';
import { AllotDialog } from './allot-dialog';
import { type BulkOutcome, bulkSummary, planAllot, planDispatch } from './board-bulk';
import type { BoardRow } from './booking-types';
import { dutyNumber } from './duty-format';
import { useRefreshBookings } from './status-actions';

interface Allotting {
  queue: BoardRow[];
  at: number;
  outcomes: BulkOutcome[];
}

const done = (duty: BoardRow): BulkOutcome => ({ duty: dutyNumber(duty.bookingNo), result: 'done' });
const skipped = (duty: BoardRow, reason: string): BulkOutcome => ({
  duty: dutyNumber(duty.bookingNo),
  result: 'skipped',
  reason,
});

export function BoardBulkBar({
  selected,
  permissions,
  onFinished,
}: {
  /** The selected duties among those loaded. */
  selected: BoardRow[];
  permissions: ReadonlySet<string>;
  /** Called when an action has gone through every selected duty (the selection is then cleared). */
  onFinished: () => void;
}) {
  const refresh = useRefreshBookings();
  const [dispatching, setDispatching] = useState<{ done: number; of: number }>();
  const [allotting, setAllotting] = useState<Allotting>();
  const dispatchPermission = permissionFor('dispatch');
  const allotPermission = permissionFor('allot');
  const mayDispatch = dispatchPermission !== undefined && permissions.has(dispatchPermission);
  const mayAllot = allotPermission !== undefined && permissions.has(allotPermission);
  const busy = dispatching !== undefined || allotting !== undefined;

  const finish = (verb: string, outcomes: BulkOutcome[]) => {
    const summary = bulkSummary(verb, outcomes);
    showToast(summary.message, summary.style);
    void refresh();
    onFinished();
  };

  const dispatchAll = async () => {
    const plan = planDispatch(selected, permissions);
    const outcomes = [...plan.skipped];
    setDispatching({ done: 0, of: plan.ready.length });
    // One after another: the progress is true, and the services see a dispatcher, not a burst.
    for (const [i, duty] of plan.ready.entries()) {
      try {
        await trpcClient.booking.dispatch.mutate({ id: duty.id, version: duty.version });
        outcomes.push(done(duty));
      } catch (error) {
        outcomes.push({ duty: dutyNumber(duty.bookingNo), result: 'failed', reason: errorMessage(error) });
      }
      setDispatching({ done: i + 1, of: plan.ready.length });
    }
    setDispatching(undefined);
    finish('dispatched', outcomes);
  };

  const startAllotting = () => {
    const plan = planAllot(selected, permissions);
    if (plan.ready.length === 0) finish('allotted', plan.skipped);
    else setAllotting({ queue: plan.ready, at: 0, outcomes: plan.skipped });
  };

  /** Moves on from the current duty with what became of it (and of later ones the same allot took). */
  const next = (state: Allotting, outcomes: BulkOutcome[], takenIds: ReadonlySet<string> = new Set()) => {
    const later = state.queue.slice(state.at + 1);
    const taken = later.filter((d) => takenIds.has(d.id));
    const queue = [...state.queue.slice(0, state.at + 1), ...later.filter((d) => !takenIds.has(d.id))];
    const all = [...state.outcomes, ...outcomes, ...taken.map(done)];
    if (state.at + 1 >= queue.length) {
      setAllotting(undefined);
      finish('allotted', all);
    } else setAllotting({ queue, at: state.at + 1, outcomes: all });
  };

  const current = allotting?.queue[allotting.at];
  // Kept while an action runs even if its duties leave the loaded rows (an allotted duty leaves Allotment Pending).
  if (selected.length === 0 && !busy) return null;
  return (
    <Paper withBorder px="sm" py={6} data-testid="bulk-bar">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Text size="sm" fw={500}>
            {selected.length} selected
          </Text>
          {mayDispatch ? (
            <Button size="xs" onClick={() => void dispatchAll()} disabled={busy}>
              Dispatch
            </Button>
          ) : null}
          {mayAllot ? (
            <Button size="xs" variant="light" onClick={startAllotting} disabled={busy}>
              Allot one by one…
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" onClick={onFinished} disabled={busy}>
            Clear selection
          </Button>
        </Group>
        {dispatching ? (
          <Group gap="xs" aria-live="polite">
            <Text size="xs">
              Dispatching {Math.min(dispatching.done + 1, dispatching.of)} of {dispatching.of}…
            </Text>
            <Progress
              w={160}
              value={dispatching.of ? (dispatching.done / dispatching.of) * 100 : 100}
              aria-label="Dispatch progress"
            />
          </Group>
        ) : allotting ? (
          <Group gap="xs" aria-live="polite">
            <Text size="xs">
              Allotting {allotting.at + 1} of {allotting.queue.length}
            </Text>
            <Progress
              w={160}
              value={(allotting.at / allotting.queue.length) * 100}
              aria-label="Allot progress"
            />
          </Group>
        ) : null}
      </Group>
      {allotting && current ? (
        <AllotDialog
          key={current.id}
          duty={current}
          severalDuties
          opened
          sequence={{
            at: allotting.at + 1,
            of: allotting.queue.length,
            onSkip: () => next(allotting, [skipped(current, 'skipped by you')]),
          }}
          onAllotted={(ids) => next(allotting, [done(current)], new Set(ids))}
          onClose={() => {
            const left = allotting.queue.slice(allotting.at).map((d) => skipped(d, 'left when you stopped'));
            setAllotting(undefined);
            finish('allotted', [...allotting.outcomes, ...left]);
          }}
        />
      ) : null}
    </Paper>
  );
}
