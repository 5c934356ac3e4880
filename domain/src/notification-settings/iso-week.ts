// ISO 8601 weeks (Monday to Sunday; week 1 holds the year's first Thursday), on UTC, for the managers' weekly digest
// (docs/programs.md, "Weekly digest"). Users have no time zone of their own (an assignment has its clock, a user
// none), so the digest's week and its Monday 08:00 are said in UTC: the same instant for every manager.

const DAY_MS = 24 * 60 * 60 * 1000;

export const ISO_WEEK_PATTERN = /^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/;

/** The hour of Monday (UTC) from which a week's digest is sent. */
export const WEEKLY_DIGEST_HOUR_UTC = 8;

/** Midnight UTC of the Monday of the instant's ISO week. */
const mondayOf = (ms: number): number => {
  const midnight = Math.floor(ms / DAY_MS) * DAY_MS;
  const weekday = (new Date(midnight).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return midnight - weekday * DAY_MS;
};

/** The ISO week of an instant, on UTC: `2031-W12`. */
export const isoWeekOf = (iso: string): string => {
  const monday = mondayOf(Date.parse(iso));
  // The week belongs to the year of its Thursday.
  const year = new Date(monday + 3 * DAY_MS).getUTCFullYear();
  const firstMonday = mondayOf(Date.UTC(year, 0, 4));
  const week = Math.round((monday - firstMonday) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
};

/**
 * The week whose digest is due at `now`: from Monday 08:00 UTC to the end of Sunday, so a digest that could not go out
 * on Monday (nothing ran) goes out as soon as something runs that week; before Monday 08:00, none.
 */
export const weeklyDigestDue = (now: string): string | null => {
  const ms = Date.parse(now);
  return ms >= mondayOf(ms) + WEEKLY_DIGEST_HOUR_UTC * 60 * 60 * 1000 ? isoWeekOf(now) : null;
};
