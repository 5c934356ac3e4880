/** The time zones the assignment form offers; wall times are read on them by `zonedTimeToInstant` (domain). */

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
