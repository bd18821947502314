import { MultiSelect } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc } from '../../lib/trpc';
import { ListScreen, pagedList, RowActions, statusColumn } from '../common/list/list-screen';
import { baseListSearch, useListState } from '../common/list/list-state';
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
  const queryClient = useQueryClient();

  const query = useInfiniteQuery(
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

  return (
    <ListScreen<EmployeeJson>
      title="Employees"
      addLabel="Add employee"
      canAdd={canManage}
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
      list={pagedList(query, (page) => page.employees as unknown as EmployeeJson[])}
      rowKey={(r) => r.id}
      sortable={{ name: 'name' }}
      empty="No employees match these filters."
      newTitle="New employee"
      editTitle="Edit employee"
      refresh={refresh}
      form={(employee, saved) => <EmployeeForm employee={employee} onSaved={saved} />}
      columns={(edit) => [
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
        statusColumn<EmployeeJson>(),
        {
          id: 'actions',
          header: '',
          cell: ({ row }) => (
            <RowActions
              name={row.original.name}
              actions={[
                { label: 'Edit', onClick: () => edit(row.original), show: canManage },
                {
                  label: row.original.isActive ? 'Deactivate' : 'Activate',
                  onClick: () =>
                    setActive.mutate({ userId: row.original.id, isActive: !row.original.isActive }),
                  show: canManage,
                },
                {
                  label: `Sign in as ${row.original.name}`,
                  onClick: () => masquerade.mutate({ userId: row.original.id }),
                  show: canMasquerade && row.original.isActive,
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
