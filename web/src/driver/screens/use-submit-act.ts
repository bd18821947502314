import { useCallback } from 'react';
import type { ActAnswer } from '../api/send-act';
import type { DriverAct } from '../offline/driver-acts';
import type { EntryOutcome, QueuedFile } from '../offline/queue';
import { useRuntime } from '../runtime-context';

/** How long a form waits to hear the server before it closes and leaves the act to the outbox. */
const ANSWER_WAIT_MS = 8_000;

/**
 * Puts an act in the outbox and waits briefly for the server: sent, refused (the form shows why and the
 * act leaves the outbox, to be taken again corrected), or waiting for the network (the form closes).
 */
export function useSubmitAct() {
  const { outbox } = useRuntime();
  return useCallback(
    async (
      act: DriverAct,
      files: Omit<QueuedFile, 'uploadedId'>[] = [],
    ): Promise<EntryOutcome<ActAnswer>> => {
      const { entry, outcome } = await outbox.enqueue(act, files);
      const result = await Promise.race([
        outcome,
        new Promise<EntryOutcome<ActAnswer>>((resolve) =>
          setTimeout(() => resolve({ kind: 'waiting' }), ANSWER_WAIT_MS),
        ),
      ]);
      if (result.kind === 'refused') await outbox.dismiss(entry.seq);
      return result;
    },
    [outbox],
  );
}
