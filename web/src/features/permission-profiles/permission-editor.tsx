import {
  closePermissions,
  getPermission,
  permissionsByModel,
  whyRequired,
  withoutPermission,
} from '@fleet/domain';
import { Accordion, Badge, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';

const GROUPS = permissionsByModel();
const nameOf = (id: string) => getPermission(id)?.name ?? id;

/**
 * Permissions grouped by the spec's models. Ticking one ticks everything it needs and says why;
 * unticking one also unticks what cannot work without it, and says so. The selection is always closed
 * under dependencies, exactly as the identity service stores it.
 */
export function PermissionEditor({
  value,
  onChange,
  disabled,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  const [filter, setFilter] = useState('');
  const [notice, setNotice] = useState<string>();
  const selected = useMemo(() => new Set(value), [value]);

  function toggle(id: string, checked: boolean) {
    if (checked) {
      const next = closePermissions([...value, id]);
      const added = next.filter((p) => p !== id && !selected.has(p));
      setNotice(added.length ? `${nameOf(id)} also needs: ${added.map(nameOf).join(', ')}.` : undefined);
      onChange(next);
    } else {
      const next = withoutPermission(value, id);
      const removed = value.filter((p) => p !== id && !next.includes(p as never));
      setNotice(
        removed.length
          ? `Also removed, as they need ${nameOf(id)}: ${removed.map(nameOf).join(', ')}.`
          : undefined,
      );
      onChange(next);
    }
  }

  const needle = filter.trim().toLowerCase();
  const groups = GROUPS.map((g) => ({
    ...g,
    permissions: g.permissions.filter(
      (p) =>
        !needle ||
        p.name.toLowerCase().includes(needle) ||
        p.readableId.includes(needle) ||
        g.model.toLowerCase().includes(needle),
    ),
  })).filter((g) => g.permissions.length > 0);

  return (
    <Stack gap="xs" data-testid="permission-editor">
      <Group justify="space-between">
        <TextInput
          placeholder="Find a permission"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          w={240}
          aria-label="Find a permission"
        />
        <Text size="sm" c="dimmed">
          {value.length} selected
        </Text>
      </Group>
      {notice ? (
        <Text size="sm" c="blue.8" data-testid="permission-notice">
          {notice}
        </Text>
      ) : null}
      <Accordion
        multiple
        variant="separated"
        defaultValue={needle ? groups.map((g) => g.model) : []}
        key={needle ? 'filtered' : 'all'}
      >
        {groups.map((group) => {
          const count = group.permissions.filter((p) => selected.has(p.readableId)).length;
          return (
            <Accordion.Item key={group.model} value={group.model}>
              <Accordion.Control>
                <Group gap="xs">
                  <Text fw={500}>{group.model}</Text>
                  {count ? (
                    <Badge size="sm" variant="light">
                      {count}
                    </Badge>
                  ) : null}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap={6}>
                  {group.permissions.map((permission) => {
                    const why = selected.has(permission.readableId)
                      ? whyRequired(value, permission.readableId)
                      : [];
                    return (
                      <Checkbox
                        key={permission.readableId}
                        disabled={disabled}
                        checked={selected.has(permission.readableId)}
                        onChange={(e) => toggle(permission.readableId, e.currentTarget.checked)}
                        label={permission.name}
                        data-permission={permission.readableId}
                        description={
                          why.length
                            ? `${permission.description} Needed by: ${why.map(nameOf).join(', ')}.`
                            : permission.description
                        }
                      />
                    );
                  })}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
