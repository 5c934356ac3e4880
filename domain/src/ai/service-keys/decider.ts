import { decideByType, type Decider } from '../../shared/decider.js';
import { ConflictError, NotFoundError } from '../../shared/errors.js';
import { boundedText } from '../../shared/text.js';
import type { AddAiServiceKey, AiServiceKeyCommand, RelabelAiServiceKey, RevokeAiServiceKey } from './commands.js';
import type { AiServiceKeyEvent, AiServiceKeyFields } from './events.js';

export const AI_SERVICE_KEY_LABEL_MAX = 120;
/** Provider keys are long; a short value is a typing mistake, and its last four would give most of it away. */
export const AI_SERVICE_KEY_VALUE_MIN = 8;
export const AI_SERVICE_KEY_VALUE_MAX = 4096;

export type ExistingAiServiceKey = AiServiceKeyFields & { status: 'active' | 'revoked' };

export type AiServiceKeyState = { status: 'none' } | ExistingAiServiceKey;

/** What a person sees of a key: its last four characters. */
export const lastFourOf = (value: string): string => value.slice(-4);

const validLabel = (raw: string): string =>
  boundedText(raw, AI_SERVICE_KEY_LABEL_MAX, {
    code: 'invalid_ai_service_key_label',
    message: `A key label has 1 to ${AI_SERVICE_KEY_LABEL_MAX} characters.`,
    details: { field: 'label' },
  });

const existing = (state: AiServiceKeyState): ExistingAiServiceKey => {
  if (state.status === 'none') throw new NotFoundError('ai_service_key_not_found', 'This service key does not exist.');
  return state;
};

const addKey = ({ data, metadata }: AddAiServiceKey, state: AiServiceKeyState): AiServiceKeyEvent[] => {
  if (state.status !== 'none') throw new ConflictError('ai_service_key_exists', 'This service key already exists.');
  return [
    {
      type: 'AiServiceKeyAdded',
      data: {
        keyId: data.keyId,
        providerId: data.providerId,
        organizationId: data.organizationId,
        label: validLabel(data.label),
        sealedValue: data.sealedValue,
        last4: data.last4,
        createdBy: data.createdBy,
        createdAt: metadata.now,
      },
    },
  ];
};

const relabelKey = ({ data, metadata }: RelabelAiServiceKey, state: AiServiceKeyState): AiServiceKeyEvent[] => {
  const key = existing(state);
  if (key.status === 'revoked') {
    throw new ConflictError('ai_service_key_revoked', 'This service key is revoked and can no longer be changed.');
  }
  const label = validLabel(data.label);
  if (label === key.label) return [];
  return [{ type: 'AiServiceKeyRelabelled', data: { keyId: key.keyId, label, updatedAt: metadata.now } }];
};

const revokeKey = ({ metadata }: RevokeAiServiceKey, state: AiServiceKeyState): AiServiceKeyEvent[] => {
  const key = existing(state);
  if (key.status === 'revoked') return [];
  return [{ type: 'AiServiceKeyRevoked', data: { keyId: key.keyId, revokedAt: metadata.now } }];
};

export const aiServiceKeyDecider: Decider<AiServiceKeyCommand, AiServiceKeyEvent, AiServiceKeyState> = {
  decide: decideByType({
    AddAiServiceKey: addKey,
    RelabelAiServiceKey: relabelKey,
    RevokeAiServiceKey: revokeKey,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'AiServiceKeyAdded': {
        const { keyId, providerId, organizationId, label } = event.data;
        return { status: 'active', keyId, providerId, organizationId, label };
      }
      case 'AiServiceKeyRelabelled':
        return state.status === 'none' ? state : { ...state, label: event.data.label };
      case 'AiServiceKeyRevoked':
        return state.status === 'none' ? state : { ...state, status: 'revoked' };
    }
  },
  initialState: () => ({ status: 'none' }),
};
