import { Badge, Button, Drawer, Menu, MultiSelect, Stack } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc } from '../../lib/trpc';
import { DataTable } from '../common/list/data-table';
import { baseListSearch, useListState } from '../common/list/list-state';
import { ListToolbar } from '../common/list/list-toolbar';
import { PageHeader } from '../common/list/page-header';
import { EmployeeForm, type EmployeeJson } from './employee-form';

const search = baseListSearch.extend({ profiles: z.array(z.string()).catch([]).default([]) });
const SORTS = [
  { value: 'name', label: 'Name' },
  { value: 'created_at', label: 'Created' },
];

export default function EmployeesPage() {
  const [state, update] = useListState(search);
  const permissions = usePermissions();
  const canManage = permissions?.has('manage_employee') ?? false;
  const canMasquerade = permissions?.has('auto_login') ?? false;
  const [editing, setEditing] = useState<EmployeeJson | 'new' | undefined>();
  const queryClient = useQueryClient();

  const list = useInfiniteQuery(
    trpc.employee.list.infiniteQueryOptions(
      {
        search: state.search || undefined,
        active: state.active,
        permissionProfileIds: state.profiles.length ? state.profiles : undefined,
        sortBy: (state.sortBy as 'name' | 'created_at' | undefined) ?? 'name',
        order: state.order,
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const profiles = useQuery(
    trpc.permissionProfile.list.queryOptions(
      { active: 'all', limit: 1000, sortBy: 'name' },
      { enabled: canManage },
    ),
  );
  const rows = (list.data?.pages.flatMap((p) => p.employees) ?? []) as unknown as EmployeeJson[];
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.employee.list.pathKey() });

  const setActive = useMutation(
    trpc.employee.setActive.mutationOptions({
      onSuccess: (e) => {
        showToast(`${e.name} is now ${e.isActive ? 'active' : 'inactive'}.`);
        refresh();
      },
      onError: (e) => showToast(errorMessage(e), 'alert-danger'),
    }),
  );
  const masquerade = useMutation(
    trpc.masquerade.start.mutationOptions({
      onSuccess: () => window.location.assign('/'),
      onError: (e) => showToast(errorMessage(e), 'alert-danger'),
    }),
  );

  const columns: ColumnDef<EmployeeJson, unknown>[] = [
    { id: 'name', header: 'Name', accessorKey: 'name' },
    { id: 'phone', header: 'Mobile', accessorKey: 'phone' },
    { id: 'email', header: 'Email', cell: ({ row }) => row.original.email ?? '' },
    { id: 'employeeId', header: 'Employee ID', cell: ({ row }) => row.original.employeeId ?? '' },
    { id: 'designation', header: 'Designation', cell: ({ row }) => row.original.designation ?? '' },
    {
      id: 'profile',
      header: 'Permission profile',
      cell: ({ row }) => row.original.permissionProfileName ?? '—',
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <Badge color={row.original.isActive ? 'green' : 'gray'} variant="light">
          {row.original.isActive ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: '',
      cell: ({ row }) =>
        canManage || canMasquerade ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="compact-xs" variant="subtle" aria-label={`Actions for ${row.original.name}`}>
                •••
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {canManage ? <Menu.Item onClick={() => setEditing(row.original)}>Edit</Menu.Item> : null}
              {canManage ? (
                <Menu.Item
                  onClick={() =>
                    setActive.mutate({ userId: row.original.id, isActive: !row.original.isActive })
                  }
                >
                  {row.original.isActive ? 'Deactivate' : 'Activate'}
                </Menu.Item>
              ) : null}
              {canMasquerade && row.original.isActive ? (
                <Menu.Item onClick={() => masquerade.mutate({ userId: row.original.id })}>
                  Sign in as {row.original.name}
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title="Employees"
        actions={canManage ? <Button onClick={() => setEditing('new')}>Add employee</Button> : null}
      />
      <Stack gap="md">
        <ListToolbar
          state={state}
          update={update}
          sortOptions={SORTS}
          searchPlaceholder="Name, phone, email, ID"
          filters={
            canManage ? (
              <MultiSelect
                aria-label="Permission profiles"
                placeholder="Permission profiles"
                w={260}
                clearable
                data={(profiles.data?.profiles ?? []).map((p) => ({ value: p.id, label: p.name }))}
                value={state.profiles}
                onChange={(value) => update({ profiles: value })}
              />
            ) : null
          }
        />
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          state={state}
          update={update}
          sortable={{ name: 'name' }}
          hasMore={!!list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => list.fetchNextPage()}
          loading={list.isLoading}
          error={list.error?.message}
          empty="No employees match these filters."
        />
      </Stack>
      <Drawer
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        position="right"
        size="xl"
        title={editing === 'new' ? 'New employee' : 'Edit employee'}
      >
        {editing !== undefined ? (
          <EmployeeForm
            employee={editing === 'new' ? undefined : editing}
            onSaved={(name) => {
              showToast(`Saved ${name}.`);
              setEditing(undefined);
              refresh();
            }}
          />
        ) : null}
      </Drawer>
    </>
  );
}
