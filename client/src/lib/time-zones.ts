/**
 * Wall-clock times in a named time zone, with no library: what the assignment form needs to say "17:00 in Paris"
 * whatever the browser's own zone.
 */

/** The zone's offset from UTC at an instant, in milliseconds (Paris in winter: +3,600,000). */
const offsetAt = (instant: number, timeZone: string): number => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts['year']),
    Number(parts['month']) - 1,
    Number(parts['day']),
    Number(parts['hour']),
    Number(parts['minute']),
    Number(parts['second']),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
};

/**
 * The instant (ISO, UTC) at which the clock in `timeZone` shows `wallTime` (`YYYY-MM-DDTHH:mm`, as a
 * `datetime-local` input gives it); null for an empty or malformed value. A time skipped by a change to summer time
 * lands an hour later, as clocks do.
 */
export const zonedTimeToInstant = (wallTime: string, timeZone: string): string | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wallTime);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the guess, then at the corrected instant: right on both sides of a change of offset.
  const first = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(first, timeZone)).toISOString();
};

/** The browser's own zone, else UTC. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Zones offered in the form: the browser's first, then the usual ones of the product's customers. */
export const timeZoneChoices = (): string[] => [
  ...new Set([
    browserTimeZone(),
    'Europe/London',
    'Europe/Paris',
    'Europe/Brussels',
    'Europe/Zurich',
    'America/New_York',
    'America/Chicago',
    'America/Los_Angeles',
    'America/Montreal',
    'Asia/Singapore',
    'Asia/Tokyo',
    'Australia/Sydney',
    'UTC',
  ]),
];
