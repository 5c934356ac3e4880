// The dashboard's periods: the last N days up to today, or all time.

export const DASHBOARD_PERIODS = ['7', '30', '90', '365', 'all'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

const DAY_MS = 24 * 3600 * 1000;

/** The period's first and last days (UTC dates, both included, as the API reads them); none for all time. */
export const periodQuery = (period: DashboardPeriod, now: number): { from?: string; to?: string } => {
  if (period === 'all') return {};
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  return { from: day(now - (Number(period) - 1) * DAY_MS), to: day(now) };
};
