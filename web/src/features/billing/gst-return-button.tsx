// GSTR-1 for a month of one billing company, downloaded as the GST portal's JSON upload or as an Excel
// workbook of its sections with the sales register and their reconciliation to the invoices.
import { operatorDate, PERMISSION } from '@fleet/domain';
import { Button, Group, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { downloadFile, type ExportProgress, saveFile } from './export-download';
import { RefSelect } from './invoice-form';

/** Last month (YYYY-MM): the month one files in the first days of the next. */
export function lastMonthOf(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

export const gstr1Url = (companyId: string, month: string, format: 'json' | 'xlsx') =>
  `/api/exports/gstr1/${month}.${format}?companyId=${encodeURIComponent(companyId)}`;

export function GstReturnButton() {
  const permissions = usePermissions();
  const [opened, setOpened] = useState(false);
  const [companyId, setCompanyId] = useState('');
  const [month, setMonth] = useState(() => lastMonthOf(operatorDate(new Date())));
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const aborter = useRef<AbortController | null>(null);
  if (!permissions?.has(PERMISSION.export_invoice)) return null;
  const monthProblem = /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? undefined : 'A month as YYYY-MM, e.g. 2026-10';

  async function download(format: 'json' | 'xlsx') {
    const abort = new AbortController();
    aborter.current = abort;
    setProgress({ totalRows: 0, bytes: 0 });
    try {
      const file = await downloadFile(
        gstr1Url(companyId, month, format),
        `GSTR1-${month}.${format}`,
        setProgress,
        {
          signal: abort.signal,
        },
      );
      saveFile(file.blob, file.fileName);
      showToast(`${file.fileName} is saved (${file.rows} invoices and notes).`);
      setOpened(false);
    } catch (error) {
      if (!abort.signal.aborted) {
        showToast(error instanceof Error ? error.message : 'The return could not be made.', 'alert-danger');
      }
    } finally {
      aborter.current = null;
      setProgress(null);
    }
  }

  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        GSTR-1
      </Button>
      <Modal
        opened={opened}
        onClose={() => {
          aborter.current?.abort();
          setOpened(false);
        }}
        title="GSTR-1 for a month"
      >
        <Stack>
          <RefSelect
            target="company"
            label="Billing company (its GSTIN files)"
            value={companyId}
            onChange={setCompanyId}
            required
          />
          <TextInput
            label="Month"
            description="YYYY-MM"
            value={month}
            onChange={(event) => setMonth(event.currentTarget.value.trim())}
            error={monthProblem}
          />
          <Text size="sm" c="dimmed">
            Approved invoices and live credit and debit notes dated in the month; drafts are left out and
            counted in the reconciliation.
          </Text>
          {progress ? <Progress value={100} animated striped aria-label="Return progress" /> : null}
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!companyId || !!monthProblem || progress !== null}
              onClick={() => void download('xlsx')}
            >
              Excel (.xlsx)
            </Button>
            <Button
              disabled={!companyId || !!monthProblem || progress !== null}
              onClick={() => void download('json')}
            >
              Portal JSON
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
