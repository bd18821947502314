import { Badge, Button, Drawer, Menu, Stack } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useState } from 'react';
import { showToast } from '../../../app/toast/toast-store';
import { DataTable } from './data-table';
import type { ListSearch } from './list-state';
import { ListToolbar, type SortOption } from './list-toolbar';
import { PageHeader } from './page-header';

/** What a list screen needs from its infinite query (a `useInfiniteQuery` result fits). */
export interface PagedList<T> {
  rows: T[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isLoading: boolean;
  error: { message: string } | null;
  fetchNextPage(): unknown;
}

/**
 * The one list screen every master uses: title and add button, search/active/sort toolbar with the
 * screen's own filters, the server-sorted, cursor-paged table, and a drawer holding the create/edit
 * form. A screen supplies its columns, its query and its form.
 */
export function ListScreen<T>(props: {
  title: string;
  addLabel: string;
  canAdd: boolean;
  state: ListSearch;
  update: (patch: Partial<ListSearch>) => void;
  sortOptions: SortOption[];
  searchPlaceholder: string;
  filters?: ReactNode;
  list: PagedList<T>;
  /** Columns; `edit(row)` opens the drawer on a row. */
  columns: (edit: (row: T) => void) => ColumnDef<T, unknown>[];
  rowKey: (row: T) => string;
  sortable?: Record<string, string>;
  empty: string;
  newTitle: string;
  editTitle: string;
  /** The form for a new row (undefined) or an existing one; calls `saved(name)` when done. */
  form: (row: T | undefined, saved: (name: string) => void) => ReactNode;
  /** Refreshes the list after a save. */
  refresh: () => void;
}) {
  const [editing, setEditing] = useState<T | 'new' | undefined>();
  const { list } = props;
  return (
    <>
      <PageHeader
        title={props.title}
        actions={props.canAdd ? <Button onClick={() => setEditing('new')}>{props.addLabel}</Button> : null}
      />
      <Stack gap="md">
        <ListToolbar
          state={props.state}
          update={props.update}
          sortOptions={props.sortOptions}
          searchPlaceholder={props.searchPlaceholder}
          filters={props.filters}
        />
        <DataTable
          columns={props.columns((row) => setEditing(row))}
          rows={list.rows}
          rowKey={props.rowKey}
          state={props.state}
          update={props.update}
          sortable={props.sortable}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => list.fetchNextPage()}
          loading={list.isLoading}
          error={list.error?.message}
          empty={props.empty}
        />
      </Stack>
      <Drawer
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        position="right"
        size="xl"
        title={editing === 'new' ? props.newTitle : props.editTitle}
      >
        {editing !== undefined
          ? props.form(editing === 'new' ? undefined : editing, (name) => {
              showToast(`Saved ${name}.`);
              setEditing(undefined);
              props.refresh();
            })
          : null}
      </Drawer>
    </>
  );
}

/** The Active/Inactive badge column every master shows. */
export function statusColumn<T extends { isActive: boolean }>(): ColumnDef<T, unknown> {
  return {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <Badge color={row.original.isActive ? 'green' : 'gray'} variant="light">
        {row.original.isActive ? 'Active' : 'Inactive'}
      </Badge>
    ),
  };
}

export interface RowAction {
  label: string;
  onClick: () => void;
  /** Left out of the menu when false. */
  show?: boolean;
}

/** A row's "•••" menu; nothing renders when no action applies. */
export function RowActions({ name, actions }: { name: string; actions: RowAction[] }) {
  const shown = actions.filter((a) => a.show !== false);
  if (shown.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="subtle" aria-label={`Actions for ${name}`}>
          •••
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {shown.map((action) => (
          <Menu.Item key={action.label} onClick={action.onClick}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Flattens an infinite query's pages into the rows a ListScreen shows. */
export function pagedList<P, T>(
  query: {
    data?: { pages: P[] };
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isLoading: boolean;
    error: { message: string } | null;
    fetchNextPage(): unknown;
  },
  rowsOf: (page: P) => T[],
): PagedList<T> {
  return {
    rows: query.data?.pages.flatMap(rowsOf) ?? [],
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    isLoading: query.isLoading,
    error: query.error,
    fetchNextPage: () => query.fetchNextPage(),
  };
}
