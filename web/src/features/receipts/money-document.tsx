// What the pages of money that moved share — a receipt, a supplier payment: the heading with its type and
// whether it was cancelled, how the money moved, when it was recorded, and applying what it still holds
// to invoices.
import { Alert, Badge, Button, Group, Stack, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage } from '../../lib/trpc';
import { Fact } from '../common/facts';
import { useCheckedSave } from '../common/form/checked-save';
import { Panel } from '../common/panel';
import { dateTimeText } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { paymentModeText } from './receipt-format';

/** "Receipt RCT/26-27/0001", its type, whether it was cancelled and why, and what may be done to it. */
export function MoneyDocumentHeading({
  what,
  number,
  numberTestId,
  typeText,
  isCancelled,
  cancellationReason,
  actions,
}: {
  /** "Receipt", "Payment". */
  what: string;
  number: string;
  numberTestId: string;
  typeText: string;
  isCancelled: boolean;
  cancellationReason: string | null;
  actions: ReactNode;
}) {
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Group gap="sm" align="center">
          <Title order={2}>
            {what} <span data-testid={numberTestId}>{number}</span>
          </Title>
          <Badge size="lg" variant="light" color="blue">
            {typeText}
          </Badge>
          {isCancelled ? (
            <Badge size="lg" variant="light" color="red">
              Cancelled
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs">{actions}</Group>
      </Group>
      {isCancelled ? (
        <Alert color="red" title="Cancelled">
          {cancellationReason}
        </Alert>
      ) : null}
    </>
  );
}

/** How the money moved: the mode, the cheque when by cheque, the bank and the reference. */
export function MoneyMovedFacts({
  doc,
}: {
  doc: {
    paymentMode: string;
    chequeNo: string | null;
    chequeDate: string | null;
    bankName: string | null;
    reference: string | null;
  };
}) {
  return (
    <>
      <Fact label="Payment mode">{paymentModeText(doc.paymentMode)}</Fact>
      {doc.paymentMode === 'CHEQUE' ? (
        <Fact label="Cheque">
          {[doc.chequeNo, doc.chequeDate ? `dated ${ddmmyyyy(doc.chequeDate)}` : '']
            .filter(Boolean)
            .join(', ')}
        </Fact>
      ) : null}
      <Fact label="Bank">{doc.bankName}</Fact>
      <Fact label="Reference">{doc.reference}</Fact>
    </>
  );
}

/** When it was recorded, and its notes if it has any. */
export function RecordedFacts({ doc }: { doc: { createdAt: Date | null; notes: string | null } }) {
  return (
    <>
      <Fact label="Recorded">{dateTimeText(doc.createdAt)}</Fact>
      {doc.notes ? (
        <Fact label="Notes">
          <span style={{ whiteSpace: 'pre-line' }}>{doc.notes}</span>
        </Fact>
      ) : null}
    </>
  );
}

/**
 * What a document still holds, applied to invoices the person ticks: the ticks and their problems, the
 * save, and what went wrong. `table` draws the invoices to tick (a receipt's settle TDS and bank charges
 * too, a payment's only money).
 */
export function ApplyToInvoicesPanel<V, A>({
  open,
  canApply,
  problemsOf,
  send,
  appliedText,
  refresh,
  table,
}: {
  /** The open invoices' query. */
  open: { isError: boolean; error: unknown; isLoading: boolean };
  /** Whether there is any invoice to apply it to. */
  canApply: boolean;
  problemsOf: (picks: Readonly<Record<string, V>>) => Record<string, string>;
  send: (picks: Readonly<Record<string, V>>) => Promise<A>;
  /** The toast once applied. */
  appliedText: (applied: A) => string;
  refresh: () => void;
  table: (props: {
    picks: Readonly<Record<string, V>>;
    onChange: (picks: Readonly<Record<string, V>>) => void;
    errors: Record<string, string>;
  }) => ReactNode;
}) {
  const [picks, setPicks] = useState<Readonly<Record<string, V>>>({});
  const { errors, setErrors, problem, submit, saving } = useCheckedSave({
    check: () => {
      const found = problemsOf(picks);
      if (Object.keys(picks).length === 0) found.settlements = 'Tick the invoices to apply it to.';
      return found;
    },
    input: () => picks,
    send,
    onSaved: (applied) => {
      showToast(appliedText(applied));
      setPicks({});
    },
    onSettled: refresh,
  });
  return (
    <Panel title="Apply to invoices">
      <form
        aria-label="Apply to invoices form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {open.isError ? (
            <Alert color="red">{errorMessage(open.error)}</Alert>
          ) : open.isLoading ? null : (
            table({
              picks,
              onChange: (next) => {
                setPicks(next);
                setErrors({});
              },
              errors,
            })
          )}
          {problem ? (
            <Alert color="red" title="Nothing was applied">
              {problem}
            </Alert>
          ) : null}
          {canApply ? (
            <Group justify="flex-end">
              <Button type="submit" loading={saving}>
                Apply to invoices
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Panel>
  );
}
