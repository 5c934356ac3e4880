/**
 * A number as typed into a text field (a French decimal comma included): blank is `blank` (null for an optional
 * setting, undefined for a required one, so the schema says "fill this in"); anything else that is not a number
 * stays NaN, which the contract's schema refuses with its own message.
 */
export const parseTypedNumber = <Blank extends null | undefined>(typed: string, blank: Blank): number | Blank => {
  const text = typed.trim();
  if (text === '') return blank;
  // `Number` would read "0x10" and "1e3"; a person types digits, one separator and maybe a sign.
  return /^[-+]?\d*(?:[.,]\d*)?$/.test(text) && /\d/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
};

/** A number as the field shows it, in the person's decimal separator. */
export const typedNumber = (value: number | null | undefined, locale: string): string => {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const separator = new Intl.NumberFormat(locale).format(1.5).includes(',') ? ',' : '.';
  return String(value).replace('.', separator);
};
