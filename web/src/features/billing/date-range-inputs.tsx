import { DayInput } from '../common/form/day-input';

/** A list's date range filter: two DD/MM/YYYY inputs, named "<what> from" and "<what> to". */
export function DateRangeInputs({
  what,
  from,
  to,
  onChange,
}: {
  what: string;
  from: string | undefined;
  to: string | undefined;
  onChange(range: { dateFrom?: string; dateTo?: string }): void;
}) {
  const input = (end: 'from' | 'to', value: string | undefined, set: (v: string | undefined) => void) => (
    <DayInput
      aria-label={`${what} ${end}`}
      placeholder={`${end === 'from' ? 'From' : 'To'} DD/MM/YYYY`}
      clearable
      w={150}
      value={value ?? null}
      onChange={(next) => set(next ?? undefined)}
    />
  );
  return (
    <>
      {input('from', from, (dateFrom) => onChange({ dateFrom }))}
      {input('to', to, (dateTo) => onChange({ dateTo }))}
    </>
  );
}
