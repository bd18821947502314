import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';
import { type CalendarEvent, calendarOpenAfter } from './calendar-open';
import { parseDateText } from './date-text';

/**
 * The app's date input: DD/MM/YYYY typed or picked (spec §9), day first by our own parser, the value
 * YYYY-MM-DD. Its calendar floats above the page in a portal, and closes as soon as a whole date is
 * picked or typed (calendarOpenAfter), so it never stays over the table below it.
 */
export function DayInput({
  onFocus,
  onClick,
  onBlur,
  onKeyDown,
  onChange,
  ...props
}: Omit<DateInputProps, 'valueFormat' | 'dateParser' | 'popoverProps'>) {
  const [opened, setOpened] = useState(false);
  const on = (event: CalendarEvent) => setOpened((was) => calendarOpenAfter(event, was));
  return (
    <DateInput
      valueFormat="DD/MM/YYYY"
      dateParser={parseDateText}
      placeholder="DD/MM/YYYY"
      {...props}
      popoverProps={{ opened, withinPortal: true }}
      onFocus={(event) => {
        on('focus');
        onFocus?.(event);
      }}
      onClick={(event) => {
        on('click');
        onClick?.(event);
      }}
      onBlur={(event) => {
        on('blur');
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        on(event.key);
        onKeyDown?.(event);
      }}
      onChange={(value) => {
        if (value) on('chosen');
        onChange?.(value);
      }}
    />
  );
}
