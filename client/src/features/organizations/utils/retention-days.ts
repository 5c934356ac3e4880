/**
 * The retention field as typed: blank keeps sessions until deleted (null); anything but whole digits stays NaN, which
 * the contract's schema refuses in the person's language, as it refuses 0 or more than ten years.
 */
export const parseRetentionDays = (typed: string): number | null => {
  const text = typed.trim();
  if (text === '') return null;
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
};

/** The days as the field shows them: blank for "until deleted". */
export const typedRetentionDays = (days: number | null): string => (days === null ? '' : String(days));
