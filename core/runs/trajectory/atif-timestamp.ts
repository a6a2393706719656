/**
 * Whether ATIF readers take `value` as a step's timestamp: Harbor reads it with Python's
 * `datetime.fromisoformat` and refuses the file otherwise. Only full date-times with a zone are
 * written as `timestamp` (a subset every reader takes, checked against the calendar); any other
 * text a harness gave travels in `extra.lhb` instead.
 */
export function isAtifTimestamp(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))$/.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second = '0', offsetHours = '0', offsetMinutes = '0'] = match.map((part) => part ?? undefined);
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return (
    Number(year) >= 1 &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60 &&
    Number(offsetHours) < 24 &&
    Number(offsetMinutes) < 60
  );
}
