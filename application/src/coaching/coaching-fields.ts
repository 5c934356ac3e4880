import type { CoachingFields } from '@ai-coaching/domain';

// Reading a content version's fields (`CoachingFields`, untyped JSON kept per kind) as the use cases need them.

/** A text field, '' when absent or not text. */
export const textField = (fields: CoachingFields, key: string): string => {
  const value = fields[key];
  return typeof value === 'string' ? value : '';
};

/** A list of phrases (a mission's success criteria…), without what is not text; [] when absent. */
export const phraseList = (fields: CoachingFields | null, key: string): string[] => {
  const value = fields?.[key];
  return Array.isArray(value) ? value.filter((phrase): phrase is string => typeof phrase === 'string') : [];
};
