import { isBillingDownloadPath, isPublicPath, SIGN_IN_PATH, shouldPollCounts } from './paths';

describe('route prefixes', () => {
  it('treats the spec’s public prefixes, and only them, as public', () => {
    for (const path of [
      '/auth/enter-phone-number',
      '/feedback/abc',
      '/digital-duty-slip/t1',
      '/payment-request/t1',
      '/privacy-policy',
      '/app-redirect',
    ]) {
      expect(isPublicPath(path)).toBe(true);
    }
    for (const path of [
      '/',
      '/authority',
      '/masters/employees',
      '/profile',
      '/privacy-policy-old',
      '/payment-requests',
    ]) {
      expect(isPublicPath(path)).toBe(false);
    }
    expect(isPublicPath(SIGN_IN_PATH)).toBe(true);
  });

  it('recognises the billing download and print pages', () => {
    expect(isBillingDownloadPath('/operations/billing/42/download')).toBe(true);
    expect(isBillingDownloadPath('/operations/billing/42/download/duty-slip')).toBe(true);
    expect(isBillingDownloadPath('/operations/billing/42/download/duty-summary')).toBe(true);
    expect(isBillingDownloadPath('/operations/billing')).toBe(false);
  });

  it('polls the counts only for holders of view_accept_reject_incoming_requests, away from excluded pages', () => {
    const holder = new Set(['view_booking', 'view_accept_reject_incoming_requests']);
    expect(shouldPollCounts(holder, '/duties/bookings/incoming')).toBe(true);
    expect(shouldPollCounts(new Set(['view_booking']), '/duties/bookings/incoming')).toBe(false);
    expect(shouldPollCounts(holder, '/operations/billing/42/download')).toBe(false);
    expect(shouldPollCounts(holder, '/auth/enter-otp')).toBe(false);
  });
});
