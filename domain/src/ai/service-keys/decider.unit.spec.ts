import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { DeciderSpecification, isCode } from '../../testing/decider-specification.js';
import type { AddAiServiceKey, RelabelAiServiceKey, RevokeAiServiceKey } from './commands.js';
import { AI_SERVICE_KEY_LABEL_MAX, aiServiceKeyDecider, lastFourOf } from './decider.js';
import type { AiServiceKeyAdded, AiServiceKeyRelabelled, AiServiceKeyRevoked } from './events.js';

const given = DeciderSpecification.for(aiServiceKeyDecider);
const t0 = '2026-11-21T10:00:00.000Z';
const t1 = '2026-11-22T10:00:00.000Z';

const add: AddAiServiceKey = {
  type: 'AddAiServiceKey',
  data: {
    keyId: 'k-1',
    providerId: 'p-1',
    organizationId: 'org-1',
    label: ' Production ',
    sealedValue: 'v1.kid.iv.ct.tag',
    last4: 'wxyz',
    createdBy: 'user-1',
  },
  metadata: { now: t0 },
};
const added: AiServiceKeyAdded = {
  type: 'AiServiceKeyAdded',
  data: {
    keyId: 'k-1',
    providerId: 'p-1',
    organizationId: 'org-1',
    label: 'Production',
    sealedValue: 'v1.kid.iv.ct.tag',
    last4: 'wxyz',
    createdBy: 'user-1',
    createdAt: t0,
  },
};
const relabel: RelabelAiServiceKey = {
  type: 'RelabelAiServiceKey',
  data: { keyId: 'k-1', label: 'Old production' },
  metadata: { now: t1 },
};
const relabelled: AiServiceKeyRelabelled = {
  type: 'AiServiceKeyRelabelled',
  data: { keyId: 'k-1', label: 'Old production', updatedAt: t1 },
};
const revoke: RevokeAiServiceKey = { type: 'RevokeAiServiceKey', data: { keyId: 'k-1' }, metadata: { now: t1 } };
const revoked: AiServiceKeyRevoked = { type: 'AiServiceKeyRevoked', data: { keyId: 'k-1', revokedAt: t1 } };

describe('AI service keys', () => {
  it('should show only the last four characters of a value', () => {
    expect(lastFourOf('sk-test-abcdwxyz')).toBe('wxyz');
  });

  describe('AddAiServiceKey', () => {
    it('should record the sealed value, never anything else of it', () => {
      given([]).when(add).then([added]);
    });

    it.each(['', '  ', 'x'.repeat(AI_SERVICE_KEY_LABEL_MAX + 1)])('should refuse the label %j', (label) => {
      given([])
        .when({ ...add, data: { ...add.data, label } })
        .thenThrows(ValidationError, isCode('invalid_ai_service_key_label'));
    });

    it('should refuse to add it again', () => {
      given([added]).when(add).thenThrows(ConflictError, isCode('ai_service_key_exists'));
    });
  });

  describe('RelabelAiServiceKey', () => {
    it('should change the label', () => {
      given([added]).when(relabel).then([relabelled]);
    });

    it('should decide nothing when the label is the same', () => {
      given([added, relabelled]).when(relabel).thenNothing();
    });

    it('should refuse a revoked key', () => {
      given([added, revoked]).when(relabel).thenThrows(ConflictError, isCode('ai_service_key_revoked'));
    });

    it('should refuse an unknown key', () => {
      given([]).when(relabel).thenThrows(NotFoundError, isCode('ai_service_key_not_found'));
    });
  });

  describe('RevokeAiServiceKey', () => {
    it('should revoke it', () => {
      given([added]).when(revoke).then([revoked]);
    });

    it('should decide nothing when it is already revoked', () => {
      given([added, revoked]).when(revoke).thenNothing();
    });

    it('should refuse an unknown key', () => {
      given([]).when(revoke).thenThrows(NotFoundError, isCode('ai_service_key_not_found'));
    });
  });
});
