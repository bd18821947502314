import { z } from 'zod';

// A calendar date written YYYY-MM-DD (spec §9), proleptic Gregorian, years 0001 to 9999.
const ISO_DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const ISO_DATE_MESSAGE = 'Enter the date as YYYY-MM-DD, e.g. 2025-04-01';
export const NO_SUCH_DATE_MESSAGE = 'There is no such date in the calendar';

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** What is wrong with a date string, as a message for the user, or undefined if it is valid. */
export function isoDateProblem(value: string): string | undefined {
  const match = ISO_DATE_SHAPE.exec(value);
  if (!match) return ISO_DATE_MESSAGE;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return NO_SUCH_DATE_MESSAGE;
  }
  return undefined;
}

/** Whether the string, exactly as given, is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  return isoDateProblem(value) === undefined;
}

/** A real calendar date written YYYY-MM-DD; surrounding spaces are trimmed first. */
export const isoDateSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = isoDateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
