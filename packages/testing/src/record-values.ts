/** A masters Record's values as the wire carries them (values_json), read back as JSON for a test. */
export const recordValues = (record: { valuesJson: string } | undefined): Record<string, unknown> =>
  JSON.parse(record?.valuesJson || '{}');
