/** What happens at a date input that opens or closes its calendar: focus, a click, a key, a whole date. */
export type CalendarEvent = 'focus' | 'click' | 'blur' | 'chosen' | (string & {});

/**
 * Whether a date input's calendar is open after `event`: it opens as the input is focused or clicked,
 * and closes once a whole date is picked or typed, as focus leaves, and on Escape or Enter, so it never
 * stays open over the table or the fields below the input.
 */
export function calendarOpenAfter(event: CalendarEvent, opened: boolean): boolean {
  switch (event) {
    case 'focus':
    case 'click':
      return true;
    case 'blur':
    case 'chosen':
    case 'Escape':
    case 'Enter':
      return false;
    default:
      return opened;
  }
}
