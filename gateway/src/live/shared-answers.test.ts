import { createSharedAnswers } from './shared-answers';

describe('answers shared for a moment', () => {
  let clock = 0;
  let loads = 0;
  const answers = createSharedAnswers<number>({ ttlMs: 1_000, capacity: 10, now: () => clock });
  const load = () => {
    loads += 1;
    return Promise.resolve(loads);
  };
  beforeEach(() => {
    clock += 60_000;
    loads = 0;
  });

  it('asks once for readers asking together or within the moment, and again after it', async () => {
    const together = await Promise.all([answers.get('t1|12', load), answers.get('t1|12', load)]);
    clock += 999;
    const within = await answers.get('t1|12', load);
    clock += 2;
    const after = await answers.get('t1|12', load);
    expect([together, within, after, loads]).toEqual([[1, 1], 1, 2, 2]);
  });

  it('keeps each question to its own answer: another operator or fence asks for itself', async () => {
    expect(await answers.get('t1|12|pune', load)).toBe(1);
    expect(await answers.get('t2|12|pune', load)).toBe(2);
    expect(await answers.get('t1|12|mumbai', load)).toBe(3);
  });

  it('shares no failure: the next reader asks again', async () => {
    await expect(answers.get('t3|12', () => Promise.reject(new Error('bookings is down')))).rejects.toThrow(
      'bookings is down',
    );
    expect(await answers.get('t3|12', load)).toBe(1);
  });
});
