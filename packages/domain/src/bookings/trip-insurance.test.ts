import { tripInsuranceLineName, tripInsuranceProblems, tripInsuranceSchema } from './trip-insurance';

const policy = {
  policyNumber: 'TRV/2026/004211',
  insurer: 'ICICI Lombard',
  premium: '1803',
  sumInsured: '',
  note: '',
};

describe('a trip insurance’s rules', () => {
  it('take a policy as given, trimmed, the optional fields left out', () => {
    expect(tripInsuranceProblems(policy)).toEqual([]);
    expect(tripInsuranceSchema.parse({ ...policy, policyNumber: ' P-1 ', sumInsured: undefined })).toEqual({
      ...policy,
      policyNumber: 'P-1',
    });
  });

  it('name every problem by its field', () => {
    const result = tripInsuranceSchema.safeParse({
      policyNumber: ' ',
      insurer: 'I'.repeat(121),
      premium: '0.001',
      sumInsured: '0',
      note: 'a\u0000b',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['policyNumber', 'Enter the policy number.'],
      ['insurer', 'Keep this to 120 characters or fewer.'],
      ['premium', 'Enter the premium in rupees, e.g. 1803 or 1803.50 (at most 2 decimals).'],
      ['sumInsured', 'The sum insured is more than ₹0.'],
      ['note', 'Remove the NUL character (U+0000); it cannot be stored.'],
    ]);
  });

  it('bound the premium at ₹10,00,000 and the sum insured at what an invoice holds', () => {
    expect(tripInsuranceProblems({ ...policy, premium: '1000000.01', sumInsured: '1000000000' })).toEqual([
      { field: 'premium', message: 'The premium is at most ₹10,00,000.' },
      {
        field: 'sumInsured',
        message: 'Enter the sum insured in rupees, e.g. 1803 or 1803.50 (at most 2 decimals).',
      },
    ]);
  });

  it('word the invoice line with the insurer and the policy', () => {
    expect(tripInsuranceLineName(policy)).toBe('Trip insurance — ICICI Lombard, policy TRV/2026/004211');
  });
});
