// Export profiles (spec §3): the saved column choices of each kind of export. A person sees the kinds
// whose profiles they may view, and changes those they may edit; the export buttons offer them.
import { EXPORT_CATALOGUES, EXPORT_RECORD_KINDS, type ExportRecordKind } from '@fleet/domain';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc } from '../../lib/trpc';
import { PageHeader } from '../common/list/page-header';

interface Profile {
  id: string;
  kind: ExportRecordKind;
  name: string;
  columns: string[];
  isDefault: boolean;
}

type Draft = Omit<Profile, 'id'> & { id?: string };

export default function ExportProfilesPage() {
  const permissions = usePermissions();
  const kinds = EXPORT_RECORD_KINDS.filter((k) =>
    permissions?.has(EXPORT_CATALOGUES[k].viewProfilePermission),
  );
  const [chosen, setChosen] = useState<ExportRecordKind | undefined>(undefined);
  const kind = chosen && kinds.includes(chosen) ? chosen : kinds[0];
  const [draft, setDraft] = useState<Draft | null>(null);
  const queryClient = useQueryClient();
  const profiles = useQuery(
    trpc.exportProfile.list.queryOptions({ kind: kind ?? 'INVOICES' }, { enabled: !!kind }),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.exportProfile.list.pathKey() });
  const remove = useMutation(
    trpc.exportProfile.delete.mutationOptions({
      onSuccess: () => {
        showToast('The profile is deleted.');
        void refresh();
      },
      onError: (e) => showToast(errorMessage(e), 'alert-danger'),
    }),
  );

  if (!permissions) return null;
  if (!kind) {
    return (
      <Stack>
        <PageHeader title="Export profiles" />
        <Text>
          You may not see any export profiles. Ask an administrator of your company for the permission.
        </Text>
      </Stack>
    );
  }
  const catalogue = EXPORT_CATALOGUES[kind];
  const mayEdit = permissions.has(catalogue.editProfilePermission);
  const headerOf = new Map(catalogue.columns.map((c) => [c.key, c.header]));

  return (
    <Stack>
      <PageHeader
        title="Export profiles"
        actions={
          mayEdit && (
            <Button
              onClick={() =>
                setDraft({ kind, name: '', columns: [...catalogue.defaultColumns], isDefault: false })
              }
            >
              Add profile
            </Button>
          )
        }
      />
      <SegmentedControl
        value={kind}
        onChange={(value) => setChosen(value as ExportRecordKind)}
        data={kinds.map((k) => ({ value: k, label: EXPORT_CATALOGUES[k].label }))}
      />
      {catalogue.unavailable && <Text c="dimmed">{catalogue.unavailable}</Text>}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Columns</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(profiles.data ?? []).map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                {p.name} {p.isDefault && <Badge variant="light">Default</Badge>}
              </Table.Td>
              <Table.Td>{p.columns.map((key) => headerOf.get(key) ?? key).join(', ')}</Table.Td>
              <Table.Td>
                {mayEdit && (
                  <Group gap="xs" justify="flex-end">
                    <Button size="xs" variant="default" onClick={() => setDraft({ ...p, kind })}>
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      loading={remove.isPending}
                      onClick={() => remove.mutate({ id: p.id })}
                    >
                      Delete
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {profiles.data?.length === 0 && (
        <Text c="dimmed">
          No profiles yet: exports of {catalogue.label.toLowerCase()} write{' '}
          {catalogue.defaultColumns.map((key) => headerOf.get(key)).join(', ')}.
        </Text>
      )}
      <Modal
        opened={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.id ? 'Edit profile' : 'New profile'}
        size="lg"
      >
        {draft && (
          <ProfileForm
            draft={draft}
            onSaved={() => {
              setDraft(null);
              void refresh();
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

function ProfileForm({ draft, onSaved }: { draft: Draft; onSaved: () => void }) {
  const [name, setName] = useState(draft.name);
  const [columns, setColumns] = useState<string[]>(draft.columns);
  const [isDefault, setIsDefault] = useState(draft.isDefault);
  const catalogue = EXPORT_CATALOGUES[draft.kind];
  const save = useMutation(
    trpc.exportProfile.save.mutationOptions({
      onSuccess: (p) => {
        showToast(`${p.name} is saved.`);
        onSaved();
      },
      onError: (e) => showToast(errorMessage(e), 'alert-danger'),
    }),
  );
  // Columns are written in the catalogue's order, whatever order they were ticked in.
  const ordered = catalogue.columns.map((c) => c.key).filter((key) => columns.includes(key));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ id: draft.id, kind: draft.kind, name, columns: ordered, isDefault });
      }}
    >
      <Stack>
        <TextInput
          label="Name"
          required
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Checkbox.Group label="Columns" value={columns} onChange={setColumns}>
          <SimpleGrid cols={2} mt="xs">
            {catalogue.columns.map((c) => (
              <Checkbox key={c.key} value={c.key} label={c.header} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Switch
          label="Use when no profile is chosen"
          checked={isDefault}
          onChange={(e) => setIsDefault(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={save.isPending}
            disabled={ordered.length === 0 || name.trim() === ''}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
