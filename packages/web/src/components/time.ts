import dayjs from 'dayjs';

/**
 * How the console writes a moment: numeric, to the minute, in the reader's own time zone. The same
 * form in all five languages, and the one the date pickers take.
 */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** Unix seconds as the console shows them. */
export function formatMinute(unix: number): string {
  return dayjs.unix(unix).format(DATE_TIME_FORMAT);
}

/** A time range as the console shows it. */
export function formatRange(start: number, end: number): string {
  return `${formatMinute(start)} ~ ${formatMinute(end)}`;
}
