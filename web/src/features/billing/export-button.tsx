// A self-contained export button for a list: choose CSV or Excel (and a saved column profile, for
// someone who may see them), then watch the rows or bytes arrive and save the file.
import { EXPORT_CATALOGUES, type ExportRecordKind } from '@fleet/domain';
import { Button, Group, Menu, Modal, Progress, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { trpc } from '../../lib/trpc';
import {
  downloadExport,
  type ExportFilters,
  type ExportFormat,
  type ExportProgress,
  saveFile,
} from './export-download';

export interface ExportButtonProps {
  kind: ExportRecordKind;
  /** The list's filters, as the export route reads them (search, statuses, customerIds, dateFrom…). */
  filters?: ExportFilters;
  label?: string;
}

const numberFormat = new Intl.NumberFormat('en-IN');
const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function progressText({ totalRows, rows, bytes }: ExportProgress): string {
  const total = `${numberFormat.format(totalRows)} rows`;
  return rows === undefined
    ? `${sizeOf(bytes)} received of ${total}`
    : `${numberFormat.format(rows)} of ${total}`;
}

export function ExportButton({ kind, filters, label }: ExportButtonProps) {
  const catalogue = EXPORT_CATALOGUES[kind];
  const permissions = usePermissions();
  const mayExport = permissions?.has(catalogue.exportPermission) ?? false;
  const maySeeProfiles = permissions?.has(catalogue.viewProfilePermission) ?? false;
  const profiles = useQuery(
    trpc.exportProfile.list.queryOptions({ kind }, { enabled: mayExport && maySeeProfiles }),
  );
  const [profileId, setProfileId] = useState<string | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const aborter = useRef<AbortController | null>(null);

  if (!mayExport || catalogue.unavailable) return null;

  async function start(format: ExportFormat) {
    const abort = new AbortController();
    aborter.current = abort;
    setProgress({ totalRows: 0, bytes: 0, rows: format === 'csv' ? 0 : undefined });
    try {
      const file = await downloadExport(
        { kind, format, profileId: profileId ?? undefined, filters },
        setProgress,
        { signal: abort.signal },
      );
      saveFile(file.blob, file.fileName);
      showToast(`${file.fileName} is saved (${numberFormat.format(file.rows)} rows).`);
    } catch (error) {
      if (!abort.signal.aborted) {
        showToast(error instanceof Error ? error.message : 'The export failed.', 'alert-danger');
      }
    } finally {
      aborter.current = null;
      setProgress(null);
    }
  }

  const percent =
    progress && progress.totalRows > 0 && progress.rows !== undefined
      ? (progress.rows / progress.totalRows) * 100
      : undefined;

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" loading={progress !== null}>
            {label ?? `Export ${catalogue.label.toLowerCase()}`}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {maySeeProfiles && (profiles.data?.length ?? 0) > 0 && (
            <Select
              m="xs"
              size="xs"
              label="Columns"
              placeholder="Default profile"
              clearable
              value={profileId}
              onChange={setProfileId}
              data={(profiles.data ?? []).map((p) => ({
                value: p.id,
                label: p.isDefault ? `${p.name} (default)` : p.name,
              }))}
              comboboxProps={{ withinPortal: false }}
            />
          )}
          <Menu.Item onClick={() => void start('xlsx')}>Excel (.xlsx)</Menu.Item>
          <Menu.Item onClick={() => void start('csv')}>CSV (.csv)</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={progress !== null}
        onClose={() => aborter.current?.abort()}
        title={`Exporting ${catalogue.label.toLowerCase()}`}
        closeOnClickOutside={false}
      >
        <Stack>
          <Progress
            value={percent ?? 100}
            animated={percent === undefined}
            striped={percent === undefined}
            aria-label="Export progress"
          />
          <Text size="sm">{progress ? progressText(progress) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => aborter.current?.abort()}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
