/** Spec §9: the largest amount the API accepts (unsigned 32-bit). */
export const MAX_NB_CREDITS = 4_294_967_295;

export type NbCreditsProblem = 'required' | 'notWhole' | 'tooSmall' | 'tooLarge';

/** Reads an amount typed by a person: a positive whole number of credits up to MAX_NB_CREDITS. */
export const parseNbCredits = (
  text: string,
): { ok: true; value: number } | { ok: false; problem: NbCreditsProblem } => {
  const trimmed = text.trim().replace(/[\s\u202f\u00a0]/g, '');
  if (trimmed === '') return { ok: false, problem: 'required' };
  if (!/^-?\d+$/.test(trimmed)) return { ok: false, problem: 'notWhole' };
  const value = Number(trimmed);
  if (value < 1) return { ok: false, problem: 'tooSmall' };
  if (value > MAX_NB_CREDITS) return { ok: false, problem: 'tooLarge' };
  return { ok: true, value };
};

export const formatCredits = (value: number, locale: string): string => new Intl.NumberFormat(locale).format(value);
