import { nextTryAt, nextTryHonouring } from './retry';

const policy = { maxAttempts: 4, baseDelayMs: 1_000, maxDelayMs: 3_000 };
const now = new Date('2026-04-01T00:00:00Z');
const waitAfter = (attempts: number) => {
  const at = nextTryAt(policy, attempts, now);
  return at ? at.getTime() - now.getTime() : null;
};

describe('trying a failed text again', () => {
  it('waits longer after each failure, up to the longest wait', () => {
    expect([1, 2, 3].map(waitAfter)).toEqual([1_000, 2_000, 3_000]);
  });

  it('gives up once the text has had its tries', () => {
    expect(waitAfter(4)).toBeNull();
    expect(waitAfter(9)).toBeNull();
  });
});

describe('trying a failed push again when FCM says when', () => {
  const waitHonouring = (attempts: number, retryAfterSeconds?: number) => {
    const at = nextTryHonouring(policy, attempts, retryAfterSeconds, now);
    return at ? at.getTime() - now.getTime() : null;
  };

  it('waits as long as FCM asked when that is longer than the back-off, else the back-off', () => {
    expect(waitHonouring(1, 120)).toBe(120_000);
    expect(waitHonouring(3, 1)).toBe(3_000);
    expect(waitHonouring(2)).toBe(2_000);
  });

  it('gives up once the push has had its tries, whatever FCM asked', () => {
    expect(waitHonouring(4, 30)).toBeNull();
  });
});
