// What a call costs, from its input: the weights the budgets (and their configured minimum) rest on.
import { limitSchema } from '@fleet/domain/inputs';
import { MOST_TOKENS_PER_CALL, tokensFor } from '../src/rate-limits';

describe('what a call costs', () => {
  it.each([
    ['no input', undefined, 1],
    ['an input without a page size (the default page of 50)', { search: 'sedan' }, 1],
    ['a page of 50 rows', { limit: 50 }, 1],
    ['a page of 100 rows', { limit: 100 }, 1],
    ['a page of 101 rows', { limit: 101 }, 2],
    ['a page of 1,000 rows', { limit: 1000 }, 10],
  ])('%s (%j) costs %i', (_what, input, tokens) => {
    expect(tokensFor(input)).toBe(tokens);
  });

  it('charges a page size the procedure will refuse as a plain call', () => {
    for (const limit of [1001, 0, -5, 2.5, '1000', null]) expect(tokensFor({ limit })).toBe(1);
  });

  it('never charges a valid call more than MOST_TOKENS_PER_CALL, the smallest budget allowed', () => {
    expect(MOST_TOKENS_PER_CALL).toBe(10);
    expect(tokensFor({ limit: 1000 })).toBe(MOST_TOKENS_PER_CALL);
    expect(limitSchema.safeParse(1001).success).toBe(false);
  });
});
