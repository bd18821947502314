import { Badge, Button, Drawer, Group, Menu, Stack, Textarea, TextInput } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpc } from '../../lib/trpc';
import { DataTable } from '../common/list/data-table';
import { baseListSearch, useListState } from '../common/list/list-state';
import { ListToolbar } from '../common/list/list-toolbar';
import { PageHeader } from '../common/list/page-header';
import { PermissionEditor } from './permission-editor';

interface Profile {
  id: string;
  name: string;
  description: string | null;
  permissions: string[];
  isActive: boolean;
  employeeCount: number;
}

const SORTS = [
  { value: 'name', label: 'Name' },
  { value: 'created_at', label: 'Created' },
];

export default function PermissionProfilesPage() {
  const [state, update] = useListState(baseListSearch);
  const [editing, setEditing] = useState<Profile | 'new' | undefined>();
  const queryClient = useQueryClient();
  const input = {
    search: state.search || undefined,
    active: state.active,
    sortBy: (state.sortBy as 'name' | 'created_at' | undefined) ?? 'name',
    order: state.order,
    limit: 50,
  };
  const list = useInfiniteQuery(
    trpc.permissionProfile.list.infiniteQueryOptions(input, {
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
  const rows = (list.data?.pages.flatMap((p) => p.profiles) ?? []) as Profile[];
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.permissionProfile.list.pathKey() });
  const setActive = useMutation(
    trpc.permissionProfile.setActive.mutationOptions({
      onSuccess: (p) => {
        showToast(`${p.name} is now ${p.isActive ? 'active' : 'inactive'}.`);
        refresh();
      },
      onError: (e) => showToast(errorMessage(e), 'alert-danger'),
    }),
  );

  const columns: ColumnDef<Profile, unknown>[] = [
    { id: 'name', header: 'Name', accessorKey: 'name' },
    { id: 'description', header: 'Description', cell: ({ row }) => row.original.description ?? '' },
    { id: 'permissions', header: 'Permissions', cell: ({ row }) => row.original.permissions.length },
    { id: 'employees', header: 'Employees', cell: ({ row }) => row.original.employeeCount },
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
      cell: ({ row }) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="compact-xs" variant="subtle" aria-label={`Actions for ${row.original.name}`}>
              •••
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setEditing(row.original)}>Edit</Menu.Item>
            <Menu.Item
              onClick={() => setActive.mutate({ id: row.original.id, isActive: !row.original.isActive })}
            >
              {row.original.isActive ? 'Deactivate' : 'Activate'}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Permission Profiles"
        actions={<Button onClick={() => setEditing('new')}>Add profile</Button>}
      />
      <Stack gap="md">
        <ListToolbar state={state} update={update} sortOptions={SORTS} searchPlaceholder="Search profiles" />
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
          empty="No permission profiles match. Add one to give a group of employees the same permissions."
        />
      </Stack>
      <Drawer
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        position="right"
        size="xl"
        title={editing === 'new' ? 'New permission profile' : 'Edit permission profile'}
      >
        {editing !== undefined ? (
          <ProfileForm
            profile={editing === 'new' ? undefined : editing}
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

function ProfileForm({ profile, onSaved }: { profile?: Profile; onSaved: (name: string) => void }) {
  const form = useForm({
    defaultValues: { name: profile?.name ?? '', description: profile?.description ?? '' },
  });
  const [permissions, setPermissions] = useState<string[]>(profile?.permissions ?? []);
  const options = {
    onSuccess: (saved: { name: string }) => onSaved(saved.name),
    onError: (error: unknown) => {
      const fields = fieldErrorsOf(error);
      if (fields.name) form.setError('name', { message: fields.name });
      else showToast(errorMessage(error), 'alert-danger');
    },
  };
  const create = useMutation(trpc.permissionProfile.create.mutationOptions(options));
  const save = useMutation(trpc.permissionProfile.update.mutationOptions(options));
  const submit = form.handleSubmit((values) => {
    if (!values.name.trim()) {
      form.setError('name', { message: 'Enter a name' });
      return;
    }
    const body = { name: values.name, description: values.description, permissions: permissions as never[] };
    if (profile) save.mutate({ id: profile.id, ...body });
    else create.mutate(body);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          withAsterisk
          {...form.register('name')}
          error={form.formState.errors.name?.message}
        />
        <Textarea label="Description" autosize minRows={2} {...form.register('description')} />
        <PermissionEditor value={permissions} onChange={setPermissions} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending || save.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
