import { gstr1Url, lastMonthOf } from './gst-return-button';

it('offers last month, across a year’s end', () => {
  expect(lastMonthOf('2026-11-24')).toBe('2026-10');
  expect(lastMonthOf('2027-01-05')).toBe('2026-12');
});

it('asks the gateway for the return of the company and month', () => {
  expect(gstr1Url('0b6f7a55-0f4b-4a43-b7c3-8a0e1f2d3c44', '2026-10', 'json')).toBe(
    '/api/exports/gstr1/2026-10.json?companyId=0b6f7a55-0f4b-4a43-b7c3-8a0e1f2d3c44',
  );
});
