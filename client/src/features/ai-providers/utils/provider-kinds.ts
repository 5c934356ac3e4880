import { AI_PROVIDER_KINDS, canSpeak, type AiProviderKind } from '@ai-coaching/domain';

/** A setting of a provider's endpoint, and how a kind treats it: asked and required, asked and optional, or not asked. */
export type EndpointSetting = 'base_url' | 'api_version' | 'region';
export type SettingUse = 'required' | 'optional' | 'hidden';

// What the API requires (domain/src/ai/providers/decider.ts): a base URL for openai_compatible and openai_azure, an API
// version for openai_azure, a region or an endpoint for azure_microsoft. The other kinds may point at another address
// (a proxy, a regional endpoint), so the base URL stays offered to them; the built-in provider takes nothing.
const SETTINGS: Record<AiProviderKind, Record<EndpointSetting, SettingUse>> = {
  openai: { base_url: 'optional', api_version: 'hidden', region: 'hidden' },
  openai_azure: { base_url: 'required', api_version: 'required', region: 'hidden' },
  openai_compatible: { base_url: 'required', api_version: 'hidden', region: 'hidden' },
  azure_microsoft: { base_url: 'optional', api_version: 'hidden', region: 'optional' },
  elevenlabs: { base_url: 'optional', api_version: 'hidden', region: 'hidden' },
  openai_audio: { base_url: 'optional', api_version: 'hidden', region: 'hidden' },
  builtin: { base_url: 'hidden', api_version: 'hidden', region: 'hidden' },
};

export const settingUse = (kind: AiProviderKind, setting: EndpointSetting): SettingUse => SETTINGS[kind][setting];

/** The kinds a person may add: the built-in provider exists once and cannot be added. */
export const CREATABLE_KINDS = AI_PROVIDER_KINDS.filter((kind) => kind !== 'builtin');

/**
 * The endpoint settings to send for a kind: what the kind does not take is cleared (null), so switching the kind
 * on the form never sends a value the person can no longer see.
 */
export const endpointSettingsFor = (
  kind: AiProviderKind,
  values: Partial<Record<EndpointSetting, string | null | undefined>>,
): Record<EndpointSetting, string | null> => {
  const pick = (setting: EndpointSetting) =>
    settingUse(kind, setting) === 'hidden' ? null : values[setting]?.trim() || null;
  return { base_url: pick('base_url'), api_version: pick('api_version'), region: pick('region') };
};

/** Whether voices can be added to a provider of this kind (the API refuses others with `ai_provider_not_speech`). */
export const takesVoices = (kind: AiProviderKind): boolean => canSpeak(kind);

/** Whether a provider is called with a service key: every kind but the built-in one. */
export const takesKeys = (kind: AiProviderKind): boolean => kind !== 'builtin';
