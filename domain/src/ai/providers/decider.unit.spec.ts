import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { DeciderSpecification, isCode } from '../../testing/decider-specification.js';
import type { CreateAiProvider, DeleteAiProvider, UpdateAiProvider } from './commands.js';
import { AI_PROVIDER_NAME_MAX, aiProviderDecider, BUILTIN_AI_PROVIDER_NAME } from './decider.js';
import type { AiProviderCreated, AiProviderDeleted, AiProviderUpdated } from './events.js';

const given = DeciderSpecification.for(aiProviderDecider);
const t0 = '2026-11-21T10:00:00.000Z';
const t1 = '2026-11-22T10:00:00.000Z';

const create = (data: Partial<CreateAiProvider['data']> = {}): CreateAiProvider => ({
  type: 'CreateAiProvider',
  data: {
    providerId: 'p-1',
    kind: 'openai_compatible',
    organizationId: 'org-1',
    name: ' Ollama ',
    baseUrl: ' http://ollama.lan:11434/v1 ',
    enabled: true,
    createdBy: 'user-1',
    ...data,
  },
  metadata: { now: t0 },
});
const created: AiProviderCreated = {
  type: 'AiProviderCreated',
  data: {
    providerId: 'p-1',
    kind: 'openai_compatible',
    organizationId: 'org-1',
    name: 'Ollama',
    baseUrl: 'http://ollama.lan:11434/v1',
    region: null,
    apiVersion: null,
    enabled: true,
    createdBy: 'user-1',
    createdAt: t0,
  },
};
const update = (data: Partial<UpdateAiProvider['data']> = {}): UpdateAiProvider => ({
  type: 'UpdateAiProvider',
  data: {
    providerId: 'p-1',
    name: 'Ollama',
    baseUrl: 'http://ollama.lan:11434/v1',
    region: null,
    apiVersion: null,
    enabled: true,
    ...data,
  },
  metadata: { now: t1 },
});
const remove: DeleteAiProvider = { type: 'DeleteAiProvider', data: { providerId: 'p-1' }, metadata: { now: t1 } };
const deleted: AiProviderDeleted = { type: 'AiProviderDeleted', data: { providerId: 'p-1', deletedAt: t1 } };

const builtinCreate = create({ kind: 'builtin', organizationId: null, name: BUILTIN_AI_PROVIDER_NAME, baseUrl: null });
const builtinCreated: AiProviderCreated = {
  type: 'AiProviderCreated',
  data: { ...created.data, kind: 'builtin', organizationId: null, name: BUILTIN_AI_PROVIDER_NAME, baseUrl: null },
};

describe('AI providers', () => {
  describe('CreateAiProvider', () => {
    it('should create it with its settings trimmed and blanks as null', () => {
      given([]).when(create()).then([created]);
    });

    it('should keep a platform-wide provider platform-wide', () => {
      given([])
        .when(create({ kind: 'openai', organizationId: null, baseUrl: '' }))
        .then([{ ...created, data: { ...created.data, kind: 'openai', organizationId: null, baseUrl: null } }]);
    });

    it.each(['', '   ', 'x'.repeat(AI_PROVIDER_NAME_MAX + 1)])('should refuse the name %j', (name) => {
      given([]).when(create({ name })).thenThrows(ValidationError, isCode('invalid_ai_provider_name'));
    });

    it.each(['ollama.lan:11434', 'ftp://host/v1', 'https://', 'https://user@host/v1', 'https://host name/v1'])(
      'should refuse the base URL %j',
      (baseUrl) => {
        given([]).when(create({ baseUrl })).thenThrows(ValidationError, isCode('invalid_ai_provider_url'));
      },
    );

    it('should require the base URL of an OpenAI-compatible server and of Azure OpenAI', () => {
      given([])
        .when(create({ baseUrl: null }))
        .thenThrows(ValidationError, isCode('ai_provider_base_url_required'));
      given([])
        .when(create({ kind: 'openai_azure', baseUrl: ' ', apiVersion: '2024-10-21' }))
        .thenThrows(ValidationError, isCode('ai_provider_base_url_required'));
    });

    it('should require the API version of Azure OpenAI', () => {
      given([])
        .when(create({ kind: 'openai_azure', baseUrl: 'https://acme.openai.azure.com' }))
        .thenThrows(ValidationError, isCode('ai_provider_api_version_required'));
      given([])
        .when(create({ kind: 'openai_azure', baseUrl: 'https://acme.openai.azure.com', apiVersion: '2024 10' }))
        .thenThrows(ValidationError, isCode('invalid_ai_provider_api_version'));
    });

    it('should require the region or the endpoint of Azure Speech, and accept either', () => {
      given([])
        .when(create({ kind: 'azure_microsoft', baseUrl: null }))
        .thenThrows(ValidationError, isCode('ai_provider_region_required'));
      given([])
        .when(create({ kind: 'azure_microsoft', baseUrl: null, region: ' WestEurope ' }))
        .then([
          {
            ...created,
            data: { ...created.data, kind: 'azure_microsoft', baseUrl: null, region: 'westeurope' },
          },
        ]);
      given([])
        .when(create({ kind: 'azure_microsoft', baseUrl: null, region: 'west europe' }))
        .thenThrows(ValidationError, isCode('invalid_ai_provider_region'));
    });

    it('should create the built-in provider platform-wide and enabled only', () => {
      given([]).when(builtinCreate).then([builtinCreated]);
      given([])
        .when({ ...builtinCreate, data: { ...builtinCreate.data, enabled: false } })
        .thenThrows(ConflictError, isCode('ai_provider_builtin'));
      given([])
        .when({ ...builtinCreate, data: { ...builtinCreate.data, baseUrl: 'https://example.com' } })
        .thenThrows(ValidationError, isCode('ai_provider_builtin_settings'));
    });

    it('should refuse to create it again', () => {
      given([created]).when(create()).thenThrows(ConflictError, isCode('ai_provider_exists'));
    });
  });

  describe('UpdateAiProvider', () => {
    it('should record every setting after the change', () => {
      const updated: AiProviderUpdated = {
        type: 'AiProviderUpdated',
        data: {
          providerId: 'p-1',
          name: 'LM Studio',
          baseUrl: 'http://10.0.0.5:1234/v1',
          region: null,
          apiVersion: null,
          enabled: false,
          updatedAt: t1,
        },
      };
      given([created])
        .when(update({ name: 'LM Studio', baseUrl: 'http://10.0.0.5:1234/v1', enabled: false }))
        .then([updated]);
    });

    it('should decide nothing when nothing changes', () => {
      given([created]).when(update()).thenNothing();
    });

    it('should keep the kind’s rules', () => {
      given([created])
        .when(update({ baseUrl: null }))
        .thenThrows(ValidationError, isCode('ai_provider_base_url_required'));
    });

    it('should refuse to disable the built-in provider, and let it be renamed', () => {
      given([builtinCreated])
        .when(update({ name: BUILTIN_AI_PROVIDER_NAME, baseUrl: null, enabled: false }))
        .thenThrows(ConflictError, isCode('ai_provider_builtin'));
      given([builtinCreated])
        .when(update({ name: 'Offline', baseUrl: null }))
        .then([
          {
            type: 'AiProviderUpdated',
            data: {
              providerId: 'p-1',
              name: 'Offline',
              baseUrl: null,
              region: null,
              apiVersion: null,
              enabled: true,
              updatedAt: t1,
            },
          },
        ]);
    });

    it('should refuse an unknown or deleted provider', () => {
      given([]).when(update()).thenThrows(NotFoundError, isCode('ai_provider_not_found'));
      given([created, deleted]).when(update()).thenThrows(NotFoundError, isCode('ai_provider_not_found'));
    });
  });

  describe('DeleteAiProvider', () => {
    it('should delete it', () => {
      given([created]).when(remove).then([deleted]);
    });

    it('should decide nothing when it is already deleted', () => {
      given([created, deleted]).when(remove).thenNothing();
    });

    it('should refuse to delete the built-in provider', () => {
      given([builtinCreated]).when(remove).thenThrows(ConflictError, isCode('ai_provider_builtin'));
    });

    it('should refuse an unknown provider', () => {
      given([]).when(remove).thenThrows(NotFoundError, isCode('ai_provider_not_found'));
    });
  });
});
