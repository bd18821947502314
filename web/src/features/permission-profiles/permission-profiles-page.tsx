import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpc } from '../../lib/trpc';
import { ListScreen, pagedList, RowActions, statusColumn } from '../common/list/list-screen';
import { baseListSearch, useListState } from '../common/list/list-state';
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
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(
    trpc.permissionProfile.list.infiniteQueryOptions(
      {
        search: state.search || undefined,
        active: state.active,
        sortBy: (state.sortBy as 'name' | 'created_at' | undefined) ?? 'name',
        order: state.order,
        limit: 50,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
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

  return (
    <ListScreen<Profile>
      title="Permission Profiles"
      addLabel="Add profile"
      canAdd
      state={state}
      update={update}
      sortOptions={SORTS}
      searchPlaceholder="Search profiles"
      list={pagedList(query, (page) => page.profiles as Profile[])}
      rowKey={(r) => r.id}
      sortable={{ name: 'name' }}
      empty="No permission profiles match. Add one to give a group of employees the same permissions."
      newTitle="New permission profile"
      editTitle="Edit permission profile"
      refresh={refresh}
      form={(profile, saved) => <ProfileForm profile={profile} onSaved={saved} />}
      columns={(edit) => [
        { id: 'name', header: 'Name', accessorKey: 'name' },
        { id: 'description', header: 'Description', cell: ({ row }) => row.original.description ?? '' },
        { id: 'permissions', header: 'Permissions', cell: ({ row }) => row.original.permissions.length },
        { id: 'employees', header: 'Employees', cell: ({ row }) => row.original.employeeCount },
        statusColumn<Profile>(),
        {
          id: 'actions',
          header: '',
          cell: ({ row }) => (
            <RowActions
              name={row.original.name}
              actions={[
                { label: 'Edit', onClick: () => edit(row.original) },
                {
                  label: row.original.isActive ? 'Deactivate' : 'Activate',
                  onClick: () => setActive.mutate({ id: row.original.id, isActive: !row.original.isActive }),
                },
              ]}
            />
          ),
        },
      ]}
    />
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
