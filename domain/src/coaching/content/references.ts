import type { CoachingFields } from './events.js';
import type { CoachingKind } from './kinds.js';

/** What an item's content points at: other coaching items and the AI catalogue. */
export type CoachingReferenceKind = CoachingKind | 'ai_model' | 'ai_voice';
/** `field`: where it is when its kind alone does not say (a scenario's recognition model is not its `model_id`). */
export type CoachingReference = { kind: CoachingReferenceKind; id: string; field?: string };

const one = (kind: CoachingReferenceKind, value: unknown): CoachingReference[] =>
  typeof value === 'string' && value !== '' ? [{ kind, id: value }] : [];
const many = (kind: CoachingReferenceKind, value: unknown): CoachingReference[] =>
  Array.isArray(value) ? value.flatMap((id) => one(kind, id)) : [];

const recognitionModelOf = (fields: CoachingFields): unknown => {
  const settings = fields['voice_settings'];
  return typeof settings === 'object' && settings !== null
    ? (settings as Record<string, unknown>)['recognition_model_id']
    : undefined;
};

/** A program's items (`{scenario_id}` or `{playlist_id}` each), in their order. */
export type ProgramItemReference = { kind: 'scenario' | 'playlist'; id: string };
export const programItemsOf = (fields: CoachingFields): ProgramItemReference[] => {
  const items: unknown = fields['items'];
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown): ProgramItemReference[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { scenario_id: scenarioId, playlist_id: playlistId } = item as Record<string, unknown>;
    if (typeof scenarioId === 'string') return [{ kind: 'scenario', id: scenarioId }];
    if (typeof playlistId === 'string') return [{ kind: 'playlist', id: playlistId }];
    return [];
  });
};

/**
 * The references in a kind's fields (the contracts' field names): what must exist when the item is saved, and
 * what cannot be deleted while the item uses it.
 */
export const coachingReferences = (kind: CoachingKind, fields: CoachingFields): CoachingReference[] => {
  switch (kind) {
    case 'persona':
      return one('ai_voice', fields['voice_id']);
    case 'mission':
      return [];
    case 'observer':
      return one('ai_model', fields['model_id']);
    case 'scenario':
      return [
        ...one('persona', fields['persona_id']),
        ...one('mission', fields['mission_id']),
        ...many('observer', fields['observer_ids']),
        ...one('ai_model', fields['model_id']),
        ...one('ai_voice', fields['voice_id']),
        ...one('ai_model', recognitionModelOf(fields)).map((reference) => ({
          ...reference,
          field: 'voice_settings.recognition_model_id',
        })),
      ];
    case 'playlist':
      return many('scenario', fields['scenario_ids']);
    case 'program':
      return programItemsOf(fields).map((item) => ({ ...item, field: 'items' }));
  }
};
