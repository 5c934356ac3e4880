import { AiCallError, ValidationError } from '@ai-coaching/domain';
import { checkProviderUrl, decryptSecret, encryptSecret, secretEncryptionKeys } from '@ai-coaching/platform';
import type { WebhookEndpointView } from '@ai-coaching/projections';
import type { AppServices } from '../app-services.js';

/** A secret is bound to its endpoint when sealed, so a sealed value copied to another endpoint does not open. */
const secretContext = (endpointId: string) => `webhook_secret:${endpointId}`;

export const sealWebhookSecret = async (
  services: Pick<AppServices, 'db' | 'config'>,
  endpointId: string,
  secret: string,
): Promise<string> => {
  const [sealingKey] = await secretEncryptionKeys(services);
  return encryptSecret(sealingKey!, secret, secretContext(endpointId));
};

/**
 * The secrets that sign now, unsealed for this attempt only: the current one, and the previous one until its grace
 * period ends (a rotation: the receiver accepts either signature while it moves to the new secret).
 */
export const signingSecrets = async (
  services: Pick<AppServices, 'db' | 'config'>,
  endpoint: WebhookEndpointView,
  now: Date,
): Promise<string[]> => {
  const keys = await secretEncryptionKeys(services);
  const context = secretContext(endpoint.endpointId);
  const secrets = [decryptSecret(keys, endpoint.sealedSecret, context)];
  const graceEnds = endpoint.previousSecretExpiresAt ? Date.parse(endpoint.previousSecretExpiresAt) : 0;
  if (endpoint.previousSealedSecret && graceEnds > now.getTime()) {
    secrets.push(decryptSecret(keys, endpoint.previousSealedSecret, context));
  }
  return secrets;
};

/**
 * The outbound guard's check of a URL as written, with the webhooks' own switch: https, and loopback, private,
 * link-local and shared addresses only where the deployment sets WEBHOOK_ALLOW_PRIVATE_NETWORK (never the cloud
 * metadata service). A host name is checked again on every address it resolves to, at each attempt.
 */
export const checkWebhookUrl = (services: Pick<AppServices, 'config'>, url: string | undefined): void => {
  // A malformed address is the decider's to refuse, with the field's own message.
  if (!url?.trim() || !URL.canParse(url.trim())) return;
  try {
    checkProviderUrl(url.trim(), { allowPrivateNetwork: services.config.WEBHOOK_ALLOW_PRIVATE_NETWORK });
  } catch (error) {
    if (!(error instanceof AiCallError)) throw error;
    throw new ValidationError(
      'webhook_url_refused',
      'Webhooks cannot be sent to this address: use a public https address (private, loopback and link-local networks are refused unless the deployment sets WEBHOOK_ALLOW_PRIVATE_NETWORK=true).',
      { field: 'url' },
    );
  }
};
