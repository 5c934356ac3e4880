import { decideByType, type Decider } from '../../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { boundedText } from '../../shared/text.js';
import type { AiProviderKind } from '../vocabulary.js';
import type { AiProviderCommand, CreateAiProvider, DeleteAiProvider, UpdateAiProvider } from './commands.js';
import type { AiProviderEvent, AiProviderSettings } from './events.js';

export const AI_PROVIDER_NAME_MAX = 120;
export const AI_PROVIDER_URL_MAX = 2000;
export const AI_PROVIDER_REGION_MAX = 50;
export const AI_PROVIDER_API_VERSION_MAX = 40;
export const BUILTIN_AI_PROVIDER_NAME = 'Built-in (offline)';

export type ExistingAiProvider = AiProviderSettings & {
  status: 'active' | 'deleted';
  providerId: string;
  kind: AiProviderKind;
  organizationId: string | null;
};

export type AiProviderState = { status: 'none' } | ExistingAiProvider;

// The syntax only: whether the address may be called (https, no private network) is the outbound
// guard's, which needs the deployment's AI_ALLOW_PRIVATE_NETWORK and runs in the application layer.
const URL_SYNTAX = /^https?:\/\/[^\s/?#@]+(?:[/?#][^\s]*)?$/i;
const REGION = /^[a-z0-9-]+$/;
const API_VERSION = /^[A-Za-z0-9._-]+$/;

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed.length === 0 ? null : trimmed;
};

const validName = (raw: string): string =>
  boundedText(raw, AI_PROVIDER_NAME_MAX, {
    code: 'invalid_ai_provider_name',
    message: `A provider name has 1 to ${AI_PROVIDER_NAME_MAX} characters.`,
    details: { field: 'name' },
  });

/** The settings as they will be stored: trimmed, blanks as null, and complete for the kind. */
export const validAiProviderSettings = (
  kind: AiProviderKind,
  input: {
    name: string;
    baseUrl?: string | null;
    region?: string | null;
    apiVersion?: string | null;
    enabled: boolean;
  },
): AiProviderSettings => {
  const name = validName(input.name);
  const baseUrl = blankToNull(input.baseUrl);
  const region = blankToNull(input.region)?.toLowerCase() ?? null;
  const apiVersion = blankToNull(input.apiVersion);
  if (kind === 'builtin' && (baseUrl || region || apiVersion)) {
    throw new ValidationError('ai_provider_builtin_settings', 'The built-in provider takes no endpoint settings.');
  }
  if (baseUrl !== null && (baseUrl.length > AI_PROVIDER_URL_MAX || !URL_SYNTAX.test(baseUrl))) {
    throw new ValidationError(
      'invalid_ai_provider_url',
      'The base URL is an http or https address, such as https://example.com/v1.',
      {
        field: 'base_url',
      },
    );
  }
  if (region !== null && (region.length > AI_PROVIDER_REGION_MAX || !REGION.test(region))) {
    throw new ValidationError(
      'invalid_ai_provider_region',
      'A region is written in lower-case letters, digits and "-", such as westeurope.',
      {
        field: 'region',
      },
    );
  }
  if (apiVersion !== null && (apiVersion.length > AI_PROVIDER_API_VERSION_MAX || !API_VERSION.test(apiVersion))) {
    throw new ValidationError('invalid_ai_provider_api_version', 'An API version is written like 2024-10-21.', {
      field: 'api_version',
    });
  }
  if ((kind === 'openai_compatible' || kind === 'openai_azure') && baseUrl === null) {
    throw new ValidationError('ai_provider_base_url_required', 'This kind of provider needs its base URL.', {
      field: 'base_url',
    });
  }
  if (kind === 'openai_azure' && apiVersion === null) {
    throw new ValidationError('ai_provider_api_version_required', 'An Azure OpenAI provider needs its API version.', {
      field: 'api_version',
    });
  }
  if (kind === 'azure_microsoft' && baseUrl === null && region === null) {
    throw new ValidationError(
      'ai_provider_region_required',
      'An Azure Speech provider needs its region or its endpoint.',
      {
        field: 'region',
      },
    );
  }
  return { name, baseUrl, region, apiVersion, enabled: input.enabled };
};

const builtinProtected = () =>
  new ConflictError('ai_provider_builtin', 'The built-in provider cannot be disabled or deleted.');

const existing = (state: AiProviderState): ExistingAiProvider => {
  if (state.status !== 'active') throw new NotFoundError('ai_provider_not_found', 'This AI provider does not exist.');
  return state;
};

const createAiProvider = ({ data, metadata }: CreateAiProvider, state: AiProviderState): AiProviderEvent[] => {
  if (state.status !== 'none') throw new ConflictError('ai_provider_exists', 'This AI provider already exists.');
  const settings = validAiProviderSettings(data.kind, data);
  if (data.kind === 'builtin' && (!settings.enabled || data.organizationId !== null)) throw builtinProtected();
  return [
    {
      type: 'AiProviderCreated',
      data: {
        providerId: data.providerId,
        kind: data.kind,
        organizationId: data.organizationId,
        ...settings,
        createdBy: data.createdBy,
        createdAt: metadata.now,
      },
    },
  ];
};

const updateAiProvider = ({ data, metadata }: UpdateAiProvider, state: AiProviderState): AiProviderEvent[] => {
  const provider = existing(state);
  const settings = validAiProviderSettings(provider.kind, data);
  if (provider.kind === 'builtin' && !settings.enabled) throw builtinProtected();
  const same = (Object.keys(settings) as (keyof AiProviderSettings)[]).every((key) => settings[key] === provider[key]);
  if (same) return [];
  return [
    { type: 'AiProviderUpdated', data: { providerId: provider.providerId, ...settings, updatedAt: metadata.now } },
  ];
};

const deleteAiProvider = ({ metadata }: DeleteAiProvider, state: AiProviderState): AiProviderEvent[] => {
  // A repeated delete (a retried request) finds its work done.
  if (state.status === 'deleted') return [];
  const provider = existing(state);
  if (provider.kind === 'builtin') throw builtinProtected();
  return [{ type: 'AiProviderDeleted', data: { providerId: provider.providerId, deletedAt: metadata.now } }];
};

export const aiProviderDecider: Decider<AiProviderCommand, AiProviderEvent, AiProviderState> = {
  decide: decideByType({
    CreateAiProvider: createAiProvider,
    UpdateAiProvider: updateAiProvider,
    DeleteAiProvider: deleteAiProvider,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'AiProviderCreated': {
        const { providerId, kind, organizationId, name, baseUrl, region, apiVersion, enabled } = event.data;
        return { status: 'active', providerId, kind, organizationId, name, baseUrl, region, apiVersion, enabled };
      }
      case 'AiProviderUpdated': {
        if (state.status === 'none') return state;
        const { name, baseUrl, region, apiVersion, enabled } = event.data;
        return { ...state, name, baseUrl, region, apiVersion, enabled };
      }
      case 'AiProviderDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
    }
  },
  initialState: () => ({ status: 'none' }),
};
