import { Alert, Button, Center, Checkbox, Table, Text } from '@mantine/core';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { KeyboardEvent, ReactNode } from 'react';
import type { ListSearch } from './list-state';

/** Up and down move between rows that open, Enter opens the focused one, Space (un)selects it. */
function onRowKey(event: KeyboardEvent<HTMLTableRowElement>, open: () => void, toggle?: () => void) {
  if (event.target !== event.currentTarget) return;
  if (event.key === ' ' && toggle) {
    event.preventDefault();
    toggle();
    return;
  }
  const row = event.currentTarget;
  const next =
    event.key === 'ArrowDown'
      ? row.nextElementSibling
      : event.key === 'ArrowUp'
        ? row.previousElementSibling
        : null;
  if (next instanceof HTMLElement) {
    event.preventDefault();
    next.focus();
  } else if (event.key === 'Enter') {
    event.preventDefault();
    open();
  }
}

/** Rows picked for an action on several at once: a checkbox per row and one in the header for all loaded. */
export interface RowSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  /** What a row's checkbox is called to a screen reader ("Select duty 00000012"). */
  label: (row: T) => string;
  /** What the header's checkbox is called ("Select all loaded duties"). */
  allLabel: string;
}

/**
 * A dense table drawn with Mantine, driven by TanStack Table. Sorting is the server's (keyset paging
 * needs it): a sortable header switches the list state; "Load more" follows the cursor.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  state,
  update,
  sortable = {},
  hasMore,
  loadingMore,
  onLoadMore,
  empty,
  loading,
  error,
  onRowClick,
  rowLabel,
  minWidth = 720,
  maxHeight,
  selection,
}: {
  columns: ColumnDef<T, unknown>[];
  rows: T[];
  rowKey: (row: T) => string;
  state?: ListSearch;
  update?: (patch: Partial<ListSearch>) => void;
  /** Column id → the sortBy key the server knows. */
  sortable?: Record<string, string>;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  empty: ReactNode;
  loading: boolean;
  /** Why the list could not be loaded; shown instead of the rows. */
  error?: string;
  /** Opens a row: clicked, or focused and Enter (the rows are then in the tab order). */
  onRowClick?: (row: T) => void;
  /** What a row is called to a screen reader (its accessible name), when rows open. */
  rowLabel?: (row: T) => string;
  minWidth?: number;
  /** Scrolls the rows under a header that stays in place. */
  maxHeight?: string;
  /** Rows can be picked for an action on several at once. */
  selection?: RowSelection<T>;
}) {
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowKey });
  const picked = selection ? rows.filter((row) => selection.selected.has(rowKey(row))).length : 0;
  const toggle = (row: T) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    const key = rowKey(row);
    if (!next.delete(key)) next.add(key);
    selection.onChange(next);
  };
  if (error) {
    return (
      <Alert color="red" title="This list could not be loaded" data-testid="list-error">
        {error}
      </Alert>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth} maxHeight={maxHeight}>
        <Table striped highlightOnHover verticalSpacing={6} fz="sm" stickyHeader={maxHeight !== undefined}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {selection ? (
                  <Table.Th w={36}>
                    <Checkbox
                      size="xs"
                      aria-label={selection.allLabel}
                      checked={rows.length > 0 && picked === rows.length}
                      indeterminate={picked > 0 && picked < rows.length}
                      disabled={rows.length === 0}
                      onChange={() =>
                        selection.onChange(picked === rows.length ? new Set() : new Set(rows.map(rowKey)))
                      }
                    />
                  </Table.Th>
                ) : null}
                {group.headers.map((header) => {
                  const key = sortable[header.column.id];
                  const sorted = key && state?.sortBy === key ? state.order : undefined;
                  return (
                    <Table.Th
                      key={header.id}
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                      style={key ? { cursor: 'pointer', userSelect: 'none' } : undefined}
                      onClick={
                        key && update
                          ? () => update({ sortBy: key, order: sorted === 'asc' ? 'desc' : 'asc' })
                          : undefined
                      }
                    >
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      {sorted ? (sorted === 'asc' ? ' ▲' : ' ▼') : ''}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr
                key={row.id}
                data-testid="list-row"
                {...(onRowClick
                  ? {
                      tabIndex: 0,
                      'aria-label': rowLabel?.(row.original),
                      style: { cursor: 'pointer' },
                      onClick: () => onRowClick(row.original),
                      onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) =>
                        onRowKey(
                          event,
                          () => onRowClick(row.original),
                          selection ? () => toggle(row.original) : undefined,
                        ),
                    }
                  : {})}
              >
                {selection ? (
                  // A click in the checkbox's cell (a near miss too) never opens the row.
                  <Table.Td onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      size="xs"
                      aria-label={selection.label(row.original)}
                      checked={selection.selected.has(row.id)}
                      onChange={() => toggle(row.original)}
                    />
                  </Table.Td>
                ) : null}
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!loading && rows.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">{empty}</Text>
        </Center>
      ) : null}
      {hasMore ? (
        <Center py="md">
          <Button variant="light" loading={loadingMore} onClick={onLoadMore}>
            Load more
          </Button>
        </Center>
      ) : null}
    </>
  );
}
