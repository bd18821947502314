// An invoice's total in words, as Indian invoices print it: Indian numbering (thousand, lakh, crore;
// beyond that the crores themselves in words: "One Lakh Crore"), paise after the rupees.
import type Decimal from 'decimal.js';
import { scaled } from './paise';

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1 to 99. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const ones = n % 10;
  return ones === 0 ? (TENS[n / 10] ?? '') : `${TENS[Math.floor(n / 10)]} ${ONES[ones]}`;
}

/** 1 to 999. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words = hundreds > 0 ? [`${ONES[hundreds]} Hundred`] : [];
  if (rest > 0) words.push(belowHundred(rest));
  return words.join(' ');
}

/** A positive whole number in Indian words. */
function indianWords(n: bigint): string {
  const words: string[] = [];
  const crores = n / 10_000_000n;
  if (crores > 0n) words.push(`${indianWords(crores)} Crore`);
  const belowCrore = Number(n % 10_000_000n);
  const parts: [number, string][] = [
    [Math.floor(belowCrore / 100_000), ' Lakh'],
    [Math.floor(belowCrore / 1000) % 100, ' Thousand'],
    [belowCrore % 1000, ''],
  ];
  for (const [count, unit] of parts) if (count > 0) words.push(`${belowThousand(count)}${unit}`);
  return words.join(' ');
}

/** "Rupees Two Thousand Five Hundred Seventy Nine and Fifty Paise Only"; amounts in whole paise, 0 or more. */
export function rupeesInWords(amount: Decimal): string {
  const paise = scaled(amount, 2);
  if (paise === undefined || paise < 0n) {
    throw new RangeError(
      `Only an amount of 0 or more in whole paise can be written in words: ${amount.toString()}`,
    );
  }
  const rupees = paise / 100n;
  const fraction = Number(paise % 100n);
  if (fraction === 0) return `Rupees ${rupees === 0n ? 'Zero' : indianWords(rupees)} Only`;
  const paiseWords = `${belowHundred(fraction)} Paise Only`;
  return rupees === 0n ? paiseWords : `Rupees ${indianWords(rupees)} and ${paiseWords}`;
}
