export const aiServiceKeyStreamId = (keyId: string): string => `ai-service-key-${keyId}`;

/** Which key it is, whose, and what people call it: what adding records and the key's state keeps. */
export type AiServiceKeyFields = {
  keyId: string;
  providerId: string;
  /** The provider's organization (null: platform-wide), so the key is scoped like its provider. */
  organizationId: string | null;
  label: string;
};

/**
 * The key itself is never in an event: only its value sealed with the platform key (bound to the
 * key's id) and its last four characters, which is what a person needs to recognise it.
 */
export type AiServiceKeyAdded = {
  type: 'AiServiceKeyAdded';
  data: AiServiceKeyFields & {
    sealedValue: string;
    last4: string;
    createdBy: string | null;
    createdAt: string;
  };
};

export type AiServiceKeyRelabelled = {
  type: 'AiServiceKeyRelabelled';
  data: { keyId: string; label: string; updatedAt: string };
};

export type AiServiceKeyRevoked = { type: 'AiServiceKeyRevoked'; data: { keyId: string; revokedAt: string } };

export type AiServiceKeyEvent = AiServiceKeyAdded | AiServiceKeyRelabelled | AiServiceKeyRevoked;
