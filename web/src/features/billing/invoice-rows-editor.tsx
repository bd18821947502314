// The typed rows of an invoice as a table of inputs: a row's type decides which inputs it has
// (invoice-rows.ts); errors are shown at the input, by the server's field names (`lines.2.rate`).
import { Button, Checkbox, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { listedApi } from '../masters/master-api';
import { blankRow, type InvoiceRowValues, ROW_FIELDS, ROW_TYPES, type TaxChoice } from './invoice-rows';

/** The operator's taxes, to give a taxable row a rate other than car hire's. */
export function useTaxChoices(): {
  ready: boolean;
  choices: TaxChoice[];
  options: { value: string; label: string }[];
} {
  const list = useQuery(
    listedApi('tax').list.queryOptions({ active: 'active', limit: 1000 }, { staleTime: 60_000 }),
  );
  const records = list.data?.records ?? [];
  return {
    ready: !list.isLoading,
    choices: records.map((r) => ({ id: r.id, percentage: String(r.values.percentage ?? '') })),
    options: records.map((r) => ({ value: r.id, label: `${r.values.name}` })),
  };
}

function useBillingItemOptions() {
  const list = useQuery(
    listedApi('billing_item').list.queryOptions({ active: 'active', limit: 1000 }, { staleTime: 60_000 }),
  );
  return (list.data?.records ?? []).map((r) => ({
    value: r.id,
    label: String(r.values.name),
    sacCode: String(r.values.sac_code ?? ''),
    isTaxable: Boolean(r.values.is_taxable),
    taxId: String(r.values.tax_id ?? ''),
  }));
}

export function InvoiceRowsEditor({
  rows,
  onChange,
  errors,
}: {
  rows: InvoiceRowValues[];
  onChange: (rows: InvoiceRowValues[]) => void;
  errors: Record<string, string>;
}) {
  const taxes = useTaxChoices();
  const items = useBillingItemOptions();
  const set = (index: number, patch: Partial<InvoiceRowValues>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const error = (index: number, field: string) => errors[`lines.${index}.${field}`];
  return (
    <>
      {rows.length ? (
        <Table.ScrollContainer minWidth={980}>
          <Table fz="sm" verticalSpacing={4} aria-label="Rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={190}>Type</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th w={100}>SAC</Table.Th>
                <Table.Th w={90}>Qty</Table.Th>
                <Table.Th w={120}>Rate / amount / %</Table.Th>
                <Table.Th w={200}>Tax</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => {
                const fields = ROW_FIELDS[row.type];
                const n = i + 1;
                const money: 'rate' | 'amount' | 'percentage' = fields.rate
                  ? 'rate'
                  : fields.amount
                    ? 'amount'
                    : 'percentage';
                return (
                  <Table.Tr key={row.key} data-testid="invoice-row">
                    <Table.Td>
                      <Select
                        aria-label={`Row ${n} type`}
                        allowDeselect={false}
                        data={ROW_TYPES}
                        value={row.type}
                        onChange={(value) => {
                          const type = ROW_TYPES.find((t) => t.value === value)?.value;
                          if (type)
                            set(i, {
                              ...blankRow(type),
                              key: row.key,
                              description: row.description,
                            });
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      {row.type === 'BILLING_ITEM' ? (
                        <Select
                          aria-label={`Row ${n} billing item`}
                          placeholder="Billing item (optional)"
                          searchable
                          clearable
                          mb={4}
                          data={items}
                          value={row.billingItemId || null}
                          onChange={(value) => {
                            const item = items.find((x) => x.value === value);
                            set(
                              i,
                              item
                                ? {
                                    billingItemId: item.value,
                                    description: row.description || item.label,
                                    sacCode: item.sacCode,
                                    isTaxable: item.isTaxable,
                                    taxId: item.taxId,
                                  }
                                : { billingItemId: '' },
                            );
                          }}
                        />
                      ) : null}
                      <TextInput
                        aria-label={`Row ${n} description`}
                        value={row.description}
                        maxLength={500}
                        onChange={(e) => set(i, { description: e.currentTarget.value })}
                        error={error(i, 'description')}
                      />
                    </Table.Td>
                    <Table.Td>
                      {fields.tax ? (
                        <TextInput
                          aria-label={`Row ${n} SAC`}
                          value={row.sacCode}
                          inputMode="numeric"
                          onChange={(e) => set(i, { sacCode: e.currentTarget.value })}
                          error={error(i, 'sacCode')}
                        />
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {fields.quantity ? (
                        <TextInput
                          aria-label={`Row ${n} quantity`}
                          value={row.quantity}
                          inputMode="decimal"
                          onChange={(e) => set(i, { quantity: e.currentTarget.value })}
                          error={error(i, 'quantity')}
                        />
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Row ${n} ${money}`}
                        value={row[money]}
                        inputMode="decimal"
                        leftSection={money === 'percentage' ? undefined : '₹'}
                        rightSection={money === 'percentage' ? '%' : undefined}
                        onChange={(e) => set(i, { [money]: e.currentTarget.value })}
                        error={error(i, money)}
                      />
                    </Table.Td>
                    <Table.Td>
                      {fields.tax ? (
                        <Group gap={6} wrap="nowrap">
                          <Checkbox
                            aria-label={`Row ${n} taxable`}
                            checked={row.isTaxable}
                            onChange={(e) => set(i, { isTaxable: e.currentTarget.checked })}
                          />
                          <Select
                            aria-label={`Row ${n} tax`}
                            placeholder="Car hire rate"
                            disabled={!row.isTaxable}
                            clearable
                            data={taxes.options}
                            value={row.taxId || null}
                            onChange={(value) => set(i, { taxId: value ?? '' })}
                            error={error(i, 'taxId')}
                          />
                        </Group>
                      ) : (
                        <Text size="xs" c="dimmed">
                          {row.type === 'SURCHARGE_PERCENTAGE' ? 'On the taxable value' : 'Before tax'}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Remove row ${n}`}
                        onClick={() => onChange(rows.filter((_, j) => j !== i))}
                      >
                        ✕
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          No rows of your own. Add one for a charge, a billing item, a discount or a surcharge.
        </Text>
      )}
      {errors.lines ? (
        <Text size="sm" c="red" role="alert">
          {errors.lines}
        </Text>
      ) : null}
      <Group>
        <Button size="xs" variant="light" onClick={() => onChange([...rows, blankRow()])}>
          Add row
        </Button>
      </Group>
    </>
  );
}
