// What every list of documents shows alike (invoices, notes, receipts, purchase invoices, supplier
// payments, petty cash, fuel and expenses): the sort choice, the "show cancelled" box, the empty list's
// words, the paging handed to the table, and right-aligned money. What they keep in the URL alike is in
// list-state.ts.
import { Anchor, Badge, Checkbox, Select, Text } from '@mantine/core';
import type Decimal from 'decimal.js';
import type { ReactNode } from 'react';
import { rupees } from '../../duties/duty-format';
import type { ListOrder } from './list-state';

export interface SortChoice<B extends string> {
  sortBy: B;
  order: ListOrder;
  label: string;
}

/** The sort choice of a list sorted on the server: a key and a direction, shown as one option. */
export function SortSelect<B extends string>({
  choices,
  sortBy,
  order,
  onChange,
  w = 200,
}: {
  choices: readonly SortChoice<B>[];
  sortBy: B;
  order: ListOrder;
  onChange: (sort: { sortBy: B; order: ListOrder }) => void;
  w?: number;
}) {
  const keyOf = (choice: { sortBy: B; order: ListOrder }) => `${choice.sortBy}:${choice.order}`;
  return (
    <Select
      aria-label="Sort by"
      w={w}
      allowDeselect={false}
      value={keyOf({ sortBy, order })}
      onChange={(value) => {
        const chosen = choices.find((choice) => keyOf(choice) === value);
        if (chosen) onChange({ sortBy: chosen.sortBy, order: chosen.order });
      }}
      data={choices.map((choice) => ({ value: keyOf(choice), label: choice.label }))}
    />
  );
}

/** "Show cancelled" (or "Show voided"): whether the list also shows what was undone. */
export function ShownCheckbox({
  label,
  shown,
  onChange,
}: {
  label: string;
  shown: 'shown' | undefined;
  onChange: (shown: 'shown' | undefined) => void;
}) {
  return (
    <Checkbox
      label={label}
      checked={shown === 'shown'}
      onChange={(e) => onChange(e.currentTarget.checked ? 'shown' : undefined)}
      mb={8}
    />
  );
}

/** What an empty list says: that nothing matches, with a way out, while filters are set; else `none`. */
export function emptyList({
  narrowed,
  clear,
  what,
  none,
}: {
  narrowed: boolean;
  clear: () => void;
  /** "receipts", "supplier payments". */
  what: string;
  /** "No receipts yet. Receive a payment to record the first." */
  none: ReactNode;
}): ReactNode {
  if (!narrowed) return none;
  return (
    <>
      No {what} match.{' '}
      <Anchor component="button" onClick={clear}>
        Clear the filters.
      </Anchor>
    </>
  );
}

/** What a cursor-paged query tells the table: more to load, loading, and why it failed. */
export function pagingOf(list: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  isLoading: boolean;
  error: { message: string } | null;
}) {
  return {
    hasMore: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    onLoadMore: () => void list.fetchNextPage(),
    loading: list.isLoading,
    error: list.error?.message,
  };
}

const FIGURES = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A figure in a column of figures: right-aligned, digits lined up. */
export const Figure = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Text size="sm" ta="right" style={FIGURES} data-testid={testId}>
    {children}
  </Text>
);

/** An amount in a column of amounts; none reads as a dash. */
export const money = (value: Decimal | null, testId?: string) => (
  <Figure testId={testId}>{value ? rupees(value) : '—'}</Figure>
);

/** A column header over figures, aligned with them. */
export const right = (label: string) => () => <Text ta="right">{label}</Text>;

export const CancelledBadge = ({ label = 'Cancelled' }: { label?: string }) => (
  <Badge size="sm" color="red" variant="light">
    {label}
  </Badge>
);
