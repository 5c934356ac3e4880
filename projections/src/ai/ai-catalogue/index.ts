import type {
  AiCapability,
  AiProviderKind,
  AiVoiceGender,
  ListPage,
  ListParams,
  SessionLanguage,
} from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { entityReads } from '../../shared/entity-reads.js';
import { sqlFilter, type SqlFilter } from '../../shared/paged-list.js';
import { auditTimes, findOne } from '../../shared/rows.js';

const TABLES = {
  providers: 'rm_ai_providers',
  keys: 'rm_ai_service_keys',
  models: 'rm_ai_models',
  voices: 'rm_ai_speech_voices',
} as const;

/**
 * What AI a platform can speak to: providers, their service keys, models and speech voices. One read
 * model for the four families, since every question about one of them also asks about its provider
 * (scope, kind). A key's row holds its sealed value for the AI port; list queries never select it.
 */
export const aiCatalogueProjection = defineProjection({
  name: 'ai-catalogue',
  version: 1,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.providers} (
        provider_id text PRIMARY KEY,
        organization_id text,
        kind text NOT NULL,
        name text NOT NULL,
        base_url text,
        region text,
        api_version text,
        enabled boolean NOT NULL,
        created_by text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.providers}_org_idx ON ${t.providers} (organization_id, updated_at);
      CREATE TABLE IF NOT EXISTS ${t.keys} (
        key_id text PRIMARY KEY,
        provider_id text NOT NULL,
        organization_id text,
        label text NOT NULL,
        sealed_value text NOT NULL,
        last4 text NOT NULL,
        status text NOT NULL,
        created_by text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.keys}_provider_idx ON ${t.keys} (provider_id, status, created_at);
      CREATE TABLE IF NOT EXISTS ${t.models} (
        ai_model_id text PRIMARY KEY,
        provider_id text NOT NULL,
        organization_id text,
        model_id text NOT NULL,
        display_name text NOT NULL,
        capabilities text[] NOT NULL,
        credits_per_minute integer NOT NULL,
        temperature double precision,
        max_output_tokens integer,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.models}_provider_idx ON ${t.models} (provider_id);
      CREATE TABLE IF NOT EXISTS ${t.voices} (
        ai_speech_voice_id text PRIMARY KEY,
        provider_id text NOT NULL,
        organization_id text,
        voice_id text NOT NULL,
        display_name text NOT NULL,
        languages text[] NOT NULL,
        gender text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.voices}_provider_idx ON ${t.voices} (provider_id);`);
  },
  on: {
    async AiProviderCreated(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.providers} (provider_id, organization_id, kind, name, base_url, region, api_version, enabled,
           created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT (provider_id) DO NOTHING`,
        [
          data.providerId,
          data.organizationId,
          data.kind,
          data.name,
          data.baseUrl,
          data.region,
          data.apiVersion,
          data.enabled,
          data.createdBy,
          data.createdAt,
        ],
      );
    },
    async AiProviderUpdated(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.providers} SET name = $2, base_url = $3, region = $4, api_version = $5, enabled = $6, updated_at = $7
         WHERE provider_id = $1`,
        [data.providerId, data.name, data.baseUrl, data.region, data.apiVersion, data.enabled, data.updatedAt],
      );
    },
    async AiProviderDeleted(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.providers} WHERE provider_id = $1`, [data.providerId]);
    },
    async AiServiceKeyAdded(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.keys} (key_id, provider_id, organization_id, label, sealed_value, last4, status, created_by,
           created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $8, $8) ON CONFLICT (key_id) DO NOTHING`,
        [
          data.keyId,
          data.providerId,
          data.organizationId,
          data.label,
          data.sealedValue,
          data.last4,
          data.createdBy,
          data.createdAt,
        ],
      );
    },
    async AiServiceKeyRelabelled(tx, { data }, t) {
      await tx.query(`UPDATE ${t.keys} SET label = $2, updated_at = $3 WHERE key_id = $1`, [
        data.keyId,
        data.label,
        data.updatedAt,
      ]);
    },
    async AiServiceKeyRevoked(tx, { data }, t) {
      await tx.query(`UPDATE ${t.keys} SET status = 'revoked', updated_at = $2 WHERE key_id = $1`, [
        data.keyId,
        data.revokedAt,
      ]);
    },
    async AiModelCreated(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.models} (ai_model_id, provider_id, organization_id, model_id, display_name, capabilities,
           credits_per_minute, temperature, max_output_tokens, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT (ai_model_id) DO NOTHING`,
        [
          data.aiModelId,
          data.providerId,
          data.organizationId,
          data.modelId,
          data.displayName,
          data.capabilities,
          data.creditsPerMinute,
          data.temperature,
          data.maxOutputTokens,
          data.createdAt,
        ],
      );
    },
    async AiModelUpdated(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.models} SET model_id = $2, display_name = $3, capabilities = $4, credits_per_minute = $5,
           temperature = $6, max_output_tokens = $7, updated_at = $8
         WHERE ai_model_id = $1`,
        [
          data.aiModelId,
          data.modelId,
          data.displayName,
          data.capabilities,
          data.creditsPerMinute,
          data.temperature,
          data.maxOutputTokens,
          data.updatedAt,
        ],
      );
    },
    async AiModelDeleted(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.models} WHERE ai_model_id = $1`, [data.aiModelId]);
    },
    async AiSpeechVoiceCreated(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.voices} (ai_speech_voice_id, provider_id, organization_id, voice_id, display_name, languages,
           gender, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (ai_speech_voice_id) DO NOTHING`,
        [
          data.aiSpeechVoiceId,
          data.providerId,
          data.organizationId,
          data.voiceId,
          data.displayName,
          data.languages,
          data.gender,
          data.createdAt,
        ],
      );
    },
    async AiSpeechVoiceUpdated(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.voices} SET voice_id = $2, display_name = $3, languages = $4, gender = $5, updated_at = $6
         WHERE ai_speech_voice_id = $1`,
        [data.aiSpeechVoiceId, data.voiceId, data.displayName, data.languages, data.gender, data.updatedAt],
      );
    },
    async AiSpeechVoiceDeleted(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.voices} WHERE ai_speech_voice_id = $1`, [data.aiSpeechVoiceId]);
    },
  },
});

/**
 * Which rows a list shows: `visibleTo` an organization (the platform-wide ones and its own), or
 * exactly one `organizationId` (null: the platform-wide ones); neither shows everything.
 */
export type AiScope = { visibleTo?: string; organizationId?: string | null };

const scoped = (filter: SqlFilter, alias: string, scope: AiScope): SqlFilter => {
  if (scope.organizationId === null) filter.where(`${alias}.organization_id IS NULL`);
  else filter.equals(`${alias}.organization_id`, scope.organizationId);
  if (scope.visibleTo !== undefined) {
    filter.where(`(${alias}.organization_id IS NULL OR ${alias}.organization_id = ${filter.bind(scope.visibleTo)})`);
  }
  return filter;
};

// Providers.

export type AiProviderView = {
  providerId: string;
  organizationId: string | null;
  kind: AiProviderKind;
  name: string;
  baseUrl: string | null;
  region: string | null;
  apiVersion: string | null;
  enabled: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  modelCount: number;
};

type ProviderRecord = {
  provider_id: string;
  organization_id: string | null;
  kind: AiProviderKind;
  name: string;
  base_url: string | null;
  region: string | null;
  api_version: string | null;
  enabled: boolean;
  created_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  model_count: number;
};

// The model count rides along (index on the models' provider_id): a list shows it per row without a request each.
const PROVIDER_COLUMNS = `p.provider_id, p.organization_id, p.kind, p.name, p.base_url, p.region, p.api_version,
  p.enabled, p.created_by, p.created_at, p.updated_at,
  (SELECT count(*)::int FROM ${TABLES.models} m WHERE m.provider_id = p.provider_id) AS model_count`;

const toProvider = (row: ProviderRecord): AiProviderView => ({
  providerId: row.provider_id,
  organizationId: row.organization_id,
  kind: row.kind,
  name: row.name,
  baseUrl: row.base_url,
  region: row.region,
  apiVersion: row.api_version,
  enabled: row.enabled,
  createdBy: row.created_by,
  ...auditTimes(row),
  modelCount: row.model_count,
});

export type AiProviderListParams = ListParams & AiScope & { kind?: AiProviderKind };

const providers = entityReads({
  readModel: 'ai-catalogue',
  from: `${TABLES.providers} p`,
  columns: PROVIDER_COLUMNS,
  order: { name: 'lower(p.name)', updatedAt: 'p.updated_at', id: 'p.provider_id' },
  toView: toProvider,
});

export const listAiProviders = (db: SqlExecutor, params: AiProviderListParams): Promise<ListPage<AiProviderView>> =>
  providers.list(
    db,
    params,
    scoped(sqlFilter(), 'p', params).equals('p.kind', params.kind).search(['p.name'], params.q),
  );

export const findAiProvider = (db: SqlExecutor, providerId: string): Promise<AiProviderView | undefined> =>
  providers.find(db, providerId);

// Service keys.

export type AiServiceKeyView = {
  keyId: string;
  providerId: string;
  organizationId: string | null;
  label: string;
  last4: string;
  status: 'active' | 'revoked';
  /** The key the AI port uses: the provider's newest active key (a rotation's new key takes over at once). */
  current: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
};

type KeyRecord = {
  key_id: string;
  provider_id: string;
  organization_id: string | null;
  label: string;
  last4: string;
  status: 'active' | 'revoked';
  current: boolean;
  created_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

// Newest first, the id breaking ties, as the AI port picks it.
const NEWER_ACTIVE_KEY = `EXISTS (SELECT 1 FROM ${TABLES.keys} n WHERE n.provider_id = k.provider_id
  AND n.status = 'active' AND (n.created_at, n.key_id) > (k.created_at, k.key_id))`;
const KEY_COLUMNS = `k.key_id, k.provider_id, k.organization_id, k.label, k.last4, k.status,
  (k.status = 'active' AND NOT ${NEWER_ACTIVE_KEY}) AS current, k.created_by, k.created_at, k.updated_at`;

const toKey = (row: KeyRecord): AiServiceKeyView => ({
  keyId: row.key_id,
  providerId: row.provider_id,
  organizationId: row.organization_id,
  label: row.label,
  last4: row.last4,
  status: row.status,
  current: row.current,
  createdBy: row.created_by,
  ...auditTimes(row),
});

export type AiServiceKeyListParams = ListParams & AiScope & { providerId?: string; status?: 'active' | 'revoked' };

const keys = entityReads({
  readModel: 'ai-catalogue',
  from: `${TABLES.keys} k`,
  columns: KEY_COLUMNS,
  order: { name: 'lower(k.label)', updatedAt: 'k.updated_at', id: 'k.key_id' },
  toView: toKey,
});

export const listAiServiceKeys = (
  db: SqlExecutor,
  params: AiServiceKeyListParams,
): Promise<ListPage<AiServiceKeyView>> =>
  keys.list(
    db,
    params,
    scoped(sqlFilter(), 'k', params)
      .equals('k.status', params.status)
      .equals('k.provider_id', params.providerId)
      .search(['k.label', 'k.last4'], params.q),
  );

export const findAiServiceKey = (db: SqlExecutor, keyId: string): Promise<AiServiceKeyView | undefined> =>
  keys.find(db, keyId);

/** The key the AI port calls a provider with, still sealed. */
export const findCurrentAiServiceKey = (
  db: SqlExecutor,
  providerId: string,
): Promise<{ keyId: string; sealedValue: string } | undefined> =>
  findOne(
    db,
    `SELECT key_id, sealed_value FROM ${TABLES.keys}
     WHERE provider_id = $1 AND status = 'active' ORDER BY created_at DESC, key_id DESC LIMIT 1`,
    [providerId],
    (row: { key_id: string; sealed_value: string }) => ({ keyId: row.key_id, sealedValue: row.sealed_value }),
  );

/** The ids of a provider's keys that still work. */
export const activeAiServiceKeyIds = async (db: SqlExecutor, providerId: string): Promise<string[]> => {
  const { rows } = await db.query<{ key_id: string }>(
    `SELECT key_id FROM ${TABLES.keys} WHERE provider_id = $1 AND status = 'active' ORDER BY key_id`,
    [providerId],
  );
  return rows.map((row) => row.key_id);
};

// Models.

export type AiModelView = {
  aiModelId: string;
  providerId: string;
  organizationId: string | null;
  modelId: string;
  displayName: string;
  capabilities: AiCapability[];
  creditsPerMinute: number;
  temperature: number | null;
  maxOutputTokens: number | null;
  createdAt: string;
  updatedAt: string;
};

type ModelRecord = {
  ai_model_id: string;
  provider_id: string;
  organization_id: string | null;
  model_id: string;
  display_name: string;
  capabilities: AiCapability[];
  credits_per_minute: number;
  temperature: number | null;
  max_output_tokens: number | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const MODEL_COLUMNS = `m.ai_model_id, m.provider_id, m.organization_id, m.model_id, m.display_name, m.capabilities,
  m.credits_per_minute, m.temperature, m.max_output_tokens, m.created_at, m.updated_at`;

const toModel = (row: ModelRecord): AiModelView => ({
  aiModelId: row.ai_model_id,
  providerId: row.provider_id,
  organizationId: row.organization_id,
  modelId: row.model_id,
  displayName: row.display_name,
  capabilities: row.capabilities,
  creditsPerMinute: row.credits_per_minute,
  temperature: row.temperature === null ? null : Number(row.temperature),
  maxOutputTokens: row.max_output_tokens,
  ...auditTimes(row),
});

export type AiModelListParams = ListParams & AiScope & { providerId?: string; capability?: AiCapability };

const models = entityReads({
  readModel: 'ai-catalogue',
  from: `${TABLES.models} m`,
  columns: MODEL_COLUMNS,
  order: { name: 'lower(m.display_name)', updatedAt: 'm.updated_at', id: 'm.ai_model_id' },
  toView: toModel,
});

export const listAiModels = (db: SqlExecutor, params: AiModelListParams): Promise<ListPage<AiModelView>> => {
  const filter = scoped(sqlFilter(), 'm', params).equals('m.provider_id', params.providerId);
  if (params.capability !== undefined) filter.where(`${filter.bind(params.capability)} = ANY(m.capabilities)`);
  return models.list(db, params, filter.search(['m.display_name', 'm.model_id'], params.q));
};

/** The model a provider's voices speak with: its first model with the speech capability, by name. */
export const findSpeechModel = async (db: SqlExecutor, providerId: string): Promise<AiModelView | undefined> =>
  (await listAiModels(db, { providerId, capability: 'speech', page: 1, page_size: 1, sort: 'name' })).items[0];

export const findAiModel = (db: SqlExecutor, aiModelId: string): Promise<AiModelView | undefined> =>
  models.find(db, aiModelId);

// Speech voices.

export type AiSpeechVoiceView = {
  aiSpeechVoiceId: string;
  providerId: string;
  organizationId: string | null;
  voiceId: string;
  displayName: string;
  languages: SessionLanguage[];
  gender: AiVoiceGender | null;
  createdAt: string;
  updatedAt: string;
};

type VoiceRecord = {
  ai_speech_voice_id: string;
  provider_id: string;
  organization_id: string | null;
  voice_id: string;
  display_name: string;
  languages: SessionLanguage[];
  gender: AiVoiceGender | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const VOICE_COLUMNS = `v.ai_speech_voice_id, v.provider_id, v.organization_id, v.voice_id, v.display_name,
  v.languages, v.gender, v.created_at, v.updated_at`;

const toVoice = (row: VoiceRecord): AiSpeechVoiceView => ({
  aiSpeechVoiceId: row.ai_speech_voice_id,
  providerId: row.provider_id,
  organizationId: row.organization_id,
  voiceId: row.voice_id,
  displayName: row.display_name,
  languages: row.languages,
  gender: row.gender,
  ...auditTimes(row),
});

export type AiSpeechVoiceListParams = ListParams & AiScope & { providerId?: string; language?: SessionLanguage };

const voices = entityReads({
  readModel: 'ai-catalogue',
  from: `${TABLES.voices} v`,
  columns: VOICE_COLUMNS,
  order: { name: 'lower(v.display_name)', updatedAt: 'v.updated_at', id: 'v.ai_speech_voice_id' },
  toView: toVoice,
});

export const listAiSpeechVoices = (
  db: SqlExecutor,
  params: AiSpeechVoiceListParams,
): Promise<ListPage<AiSpeechVoiceView>> => {
  const filter = scoped(sqlFilter(), 'v', params).equals('v.provider_id', params.providerId);
  if (params.language !== undefined) filter.where(`${filter.bind(params.language)} = ANY(v.languages)`);
  return voices.list(db, params, filter.search(['v.display_name', 'v.voice_id'], params.q));
};

export const findAiSpeechVoice = (db: SqlExecutor, aiSpeechVoiceId: string): Promise<AiSpeechVoiceView | undefined> =>
  voices.find(db, aiSpeechVoiceId);

/** What of the catalogue belongs to a provider: its models and voices, by name. */
export const aiProviderDependents = async (
  db: SqlExecutor,
  providerId: string,
): Promise<{ kind: 'ai_model' | 'ai_speech_voice'; id: string; name: string }[]> => {
  const { rows } = await db.query<{ kind: 'ai_model' | 'ai_speech_voice'; id: string; name: string }>(
    `SELECT 'ai_model' AS kind, ai_model_id AS id, display_name AS name FROM ${TABLES.models} WHERE provider_id = $1
     UNION ALL
     SELECT 'ai_speech_voice', ai_speech_voice_id, display_name FROM ${TABLES.voices} WHERE provider_id = $1
     ORDER BY kind, name, id`,
    [providerId],
  );
  return rows;
};

/** Whether a provider other than the built-in one is connected and enabled, anywhere on the platform. */
export const hasConnectedAiProvider = async (db: SqlExecutor): Promise<boolean> =>
  (await db.query(`SELECT 1 FROM ${TABLES.providers} WHERE kind <> 'builtin' AND enabled LIMIT 1`)).rows.length > 0;
