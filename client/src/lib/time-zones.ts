/**
 * Time zones on screen: those the assignment form offers (wall times are read on them by the domain's
 * `zonedTimeToInstant`), and a due date said on its zone's clock.
 */

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

/**
 * A due date as people read it, on its own zone's clock and naming the zone ("14 Mar 2031, 18:00 CET"); `dateStyle`
 * cannot be combined with `timeZoneName`, hence the fields.
 */
export const formatZonedDate = (instant: string, timeZone: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(instant));
