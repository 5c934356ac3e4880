import { AI_PROVIDER_KINDS } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { CREATABLE_KINDS, endpointSettingsFor, settingUse, takesKeys, takesVoices } from './provider-kinds';

describe('provider kinds on the form', () => {
  it('should ask each kind for the settings the API requires of it', () => {
    expect(settingUse('openai_compatible', 'base_url')).toBe('required');
    expect(settingUse('openai_azure', 'base_url')).toBe('required');
    expect(settingUse('openai_azure', 'api_version')).toBe('required');
    expect(settingUse('azure_microsoft', 'region')).toBe('optional');
    expect(settingUse('azure_microsoft', 'base_url')).toBe('optional');
    expect(settingUse('openai', 'api_version')).toBe('hidden');
  });

  it('should ask the built-in provider for nothing, and never offer it for creation', () => {
    for (const setting of ['base_url', 'api_version', 'region'] as const) {
      expect(settingUse('builtin', setting)).toBe('hidden');
    }
    expect(CREATABLE_KINDS).not.toContain('builtin');
    expect(CREATABLE_KINDS).toHaveLength(AI_PROVIDER_KINDS.length - 1);
  });

  it('should clear what the chosen kind does not take, and blanks', () => {
    expect(
      endpointSettingsFor('openai_compatible', {
        base_url: ' http://127.0.0.1:11434/v1 ',
        api_version: '2024-10-21',
        region: 'westeurope',
      }),
    ).toEqual({ base_url: 'http://127.0.0.1:11434/v1', api_version: null, region: null });
    expect(endpointSettingsFor('openai_azure', { base_url: 'https://a.example', api_version: '  ' })).toEqual({
      base_url: 'https://a.example',
      api_version: null,
      region: null,
    });
  });

  it('should offer voices to providers that speak only, and keys to all but the built-in one', () => {
    expect(takesVoices('elevenlabs')).toBe(true);
    expect(takesVoices('builtin')).toBe(true);
    // Self-hosted OpenAI-compatible servers answer /v1/audio/speech too; OpenAI's own API speaks as `openai_audio`.
    expect(takesVoices('openai_compatible')).toBe(true);
    expect(takesVoices('openai')).toBe(false);
    expect(takesKeys('builtin')).toBe(false);
    expect(takesKeys('openai')).toBe(true);
  });
});
