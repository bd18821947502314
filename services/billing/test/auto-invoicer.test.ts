// Billing at rest: its workers sleep between polls instead of waking one another with their own commits.
import { type BillingHarness, bootBilling } from './support';

describe('billing with nothing to do', () => {
  let h: BillingHarness;

  beforeAll(async () => {
    h = await bootBilling();
  }, 60_000);
  afterAll(() => h?.close());

  it('commits nothing heard while no duty closes: the auto-invoicer’s own marking wakes neither it nor the relay', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The harness's auto-invoicer polls every 100 ms: a second of rest is about ten passes, each marking
    // (nothing) in a transaction of its own. Were those commits heard, each would wake the next pass at
    // once and the outbox relay with it: hundreds a second.
    let heard = 0;
    const stop = h.database.db.onCommit(() => {
      heard += 1;
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    stop();
    expect(heard).toBe(0);
  });
});
