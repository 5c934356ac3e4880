/**
 * Wall-clock times in a named (IANA) time zone, pure and library-free: an assignment's due date is said, and its
 * reminders fall, on its zone's clock, across the changes to and from summer time.
 */

/** The zone's wall-clock fields at an instant. */
const wallAt = (instant: number, timeZone: string) => {
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
  return {
    year: Number(parts['year']),
    month: Number(parts['month']),
    day: Number(parts['day']),
    hour: Number(parts['hour']),
    minute: Number(parts['minute']),
    second: Number(parts['second']),
  };
};

type Wall = ReturnType<typeof wallAt>;

/** The zone's offset from UTC at an instant, in milliseconds (Paris in winter: +3,600,000). */
const offsetAt = (instant: number, timeZone: string): number => {
  const wall = wallAt(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
};

/** The instant the zone's clock shows this wall time; a time skipped by summer time lands an hour later, as clocks do. */
const instantOfWall = (wall: Wall, timeZone: string): number => {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // The offset at the guess, then at the corrected instant: right on both sides of a change of offset.
  const first = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(first, timeZone);
};

/**
 * The instant (ISO, UTC) at which the clock in `timeZone` shows `wallTime` (`YYYY-MM-DDTHH:mm`, as a `datetime-local`
 * input gives it); null for an empty or malformed value.
 */
export const zonedTimeToInstant = (wallTime: string, timeZone: string): string | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wallTime);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  return new Date(instantOfWall({ year, month, day, hour, minute, second: 0 }, timeZone)).toISOString();
};

/**
 * The same wall-clock time `days` calendar days away on the zone's clock (negative: before): 18:00 the day before a
 * change to summer time is 18:00 the day after it too, 23 hours later, not 24.
 */
export const shiftZonedDays = (instant: string, timeZone: string, days: number): string => {
  const wall = wallAt(Date.parse(instant), timeZone);
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return new Date(
    instantOfWall(
      { ...wall, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
      timeZone,
    ),
  ).toISOString();
};
