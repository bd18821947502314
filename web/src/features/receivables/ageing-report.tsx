// What the receivables and the payables show alike: what each party owes (or is owed) aged by invoice or
// due date, what it holds against that (money unapplied, advances), the net of the two, and the total of
// them all; the "Age by" choice, a party filter, and what is said when nothing is owed.
import { Alert, Anchor, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import type Decimal from 'decimal.js';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { ClearFiltersButton } from '../common/list/list-filters';
import { PageHeader } from '../common/list/page-header';
import { rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { AGEING_COLUMNS, type DateBasis, netOwed, signedRupees } from './receivables-format';

const BASES = ['INVOICE_DATE', 'DUE_DATE'] as const satisfies readonly DateBasis[];

/** The ageing basis as the URL keeps it; invoice date unless it says otherwise. */
export const ageingBasis = z.enum(BASES).catch('INVOICE_DATE').default('INVOICE_DATE');

/** The service lists at most this many parties, those with most at stake first. */
const MOST_LISTED = 2000;

/** A party's figures, or the total's. */
export interface AgedFigures {
  openInvoices: number;
  notDue: Decimal;
  days1To30: Decimal;
  days31To60: Decimal;
  days61To90: Decimal;
  over90: Decimal;
  outstanding: Decimal;
  oldestInvoiceDate: string | null;
}

/** How the report names its parties and what they hold, in the words of its screen. */
export interface AgeingWords {
  /** "Receivables". */
  title: string;
  /** "customer", "customers": the first column and the total's count. */
  party: string;
  parties: string;
  /** What each holds against what is owed: "Unapplied", "Advances" (also its cells' test id, lower-cased). */
  held: string;
  /** "What customers owe could not be loaded". */
  failed: string;
  /** "None of these customers owes anything or holds money." */
  noneOfThese: string;
  /** "No customer owes anything or holds money: every approved invoice is settled." */
  none: string;
  /** "customers owing most". */
  mostListed: string;
}

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Amount({ value, testId, strong }: { value: Decimal; testId?: string; strong?: boolean }) {
  return (
    <Table.Td ta="right" style={NUMERIC} data-testid={testId}>
      {value.isZero() ? (
        <Text span size="sm" c="dimmed">
          —
        </Text>
      ) : (
        <Text span size="sm" fw={strong ? 600 : undefined}>
          {rupees(value)}
        </Text>
      )}
    </Table.Td>
  );
}

/** A row's figures after its first cell: the same for a party and for the total. */
function Figures({
  row,
  held,
  heldTestId,
  strong,
}: {
  row: AgedFigures;
  held: Decimal;
  heldTestId: string;
  strong?: boolean;
}) {
  const net = netOwed(row.outstanding, held);
  return (
    <>
      <Table.Td ta="right" style={NUMERIC}>
        {row.openInvoices}
      </Table.Td>
      {AGEING_COLUMNS.map((column) => (
        <Amount key={column.key} value={row[column.key]} strong={strong} />
      ))}
      <Table.Td ta="right" style={NUMERIC} data-testid="outstanding">
        <Text span size="sm" fw={600}>
          {rupees(row.outstanding)}
        </Text>
      </Table.Td>
      <Amount value={held} testId={heldTestId} strong={strong} />
      <Table.Td ta="right" style={NUMERIC} data-testid="net">
        <Text span size="sm" fw={600} c={net.isNegative() && !net.isZero() ? 'teal.8' : undefined}>
          {signedRupees(net)}
        </Text>
      </Table.Td>
    </>
  );
}

function Header({ children }: { children: ReactNode }) {
  return (
    <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Table.Th>
  );
}

export function AgeingReport<R extends AgedFigures>({
  words,
  basis,
  onBasis,
  filter,
  narrowed,
  clear,
  report,
  error,
  heldOf,
  rowKey,
  rowTestId,
  party,
  actions,
}: {
  words: AgeingWords;
  basis: DateBasis;
  onBasis: (basis: DateBasis) => void;
  /** The filter on parties. */
  filter: ReactNode;
  narrowed: boolean;
  clear: () => void;
  report: { rows: R[]; total: R; asOf: string } | undefined;
  error: string | undefined;
  heldOf: (row: R) => Decimal;
  rowKey: (row: R) => string;
  /** "receivable-row"; the total's row is "<title, lower-cased>-total". */
  rowTestId: string;
  /** The party's name, linked to where its screen leads. */
  party: (row: R) => ReactNode;
  /** What may be done about a party, under its name. */
  actions?: (row: R) => ReactNode;
}) {
  const heldTestId = words.held.toLowerCase();
  const basisLabel = `${words.title.toLowerCase()}-basis`;
  return (
    <Stack gap="sm">
      <PageHeader title={words.title} />
      <Group gap="sm" align="end" wrap="wrap">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" id={basisLabel}>
            Age by
          </Text>
          <SegmentedControl
            aria-labelledby={basisLabel}
            value={basis}
            onChange={(value) => onBasis(ageingBasis.parse(value))}
            data={[
              { value: 'INVOICE_DATE', label: 'Invoice date' },
              { value: 'DUE_DATE', label: 'Due date' },
            ]}
          />
        </Stack>
        {filter}
        <ClearFiltersButton active={narrowed} onClear={clear} />
        {report ? (
          <Text size="sm" c="dimmed" ml="auto">
            Aged to {ddmmyyyy(report.asOf)}, by {basis === 'DUE_DATE' ? 'due date' : 'invoice date'}
          </Text>
        ) : null}
      </Group>
      {error !== undefined ? (
        <Alert color="red" title={words.failed} data-testid="list-error">
          {error}
        </Alert>
      ) : null}
      {report && report.rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {narrowed ? (
            <>
              {words.noneOfThese}{' '}
              <Anchor component="button" onClick={clear}>
                Clear the filter.
              </Anchor>
            </>
          ) : (
            words.none
          )}
        </Text>
      ) : null}
      {report && report.rows.length > 0 ? (
        <Table.ScrollContainer minWidth={1100} maxHeight="calc(100vh - 230px)">
          <Table striped highlightOnHover stickyHeader verticalSpacing={6} fz="sm" aria-label={words.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{words.party[0]?.toUpperCase() + words.party.slice(1)}</Table.Th>
                <Header>Open invoices</Header>
                {AGEING_COLUMNS.map((column) => (
                  <Header key={column.key}>{column.label}</Header>
                ))}
                <Header>Outstanding</Header>
                <Header>{words.held}</Header>
                <Header>Net</Header>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rows.map((row) => (
                <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
                  <Table.Td>
                    <Stack gap={0}>
                      {party(row)}
                      {row.oldestInvoiceDate ? (
                        <Text size="xs" c="dimmed">
                          Oldest open invoice {ddmmyyyy(row.oldestInvoiceDate)}
                        </Text>
                      ) : null}
                      {actions?.(row)}
                    </Stack>
                  </Table.Td>
                  <Figures row={row} held={heldOf(row)} heldTestId={heldTestId} />
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr
                data-testid={`${words.title.toLowerCase()}-total`}
                style={{ borderTop: '2px solid var(--mantine-color-gray-4)' }}
              >
                <Table.Th style={{ whiteSpace: 'nowrap' }}>
                  Total · {report.rows.length} {report.rows.length === 1 ? words.party : words.parties}
                </Table.Th>
                <Figures row={report.total} held={heldOf(report.total)} heldTestId={heldTestId} strong />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {report && report.rows.length >= MOST_LISTED ? (
        <Text size="sm" c="dimmed">
          Only the {MOST_LISTED.toLocaleString('en-IN')} {words.mostListed} are listed, and the total is
          theirs. Choose {words.parties} above to see others.
        </Text>
      ) : null}
    </Stack>
  );
}
