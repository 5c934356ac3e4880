import type { ListPage, ListParams, SessionGeneratorBrief, SessionLanguage } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { entityReads } from '../../shared/entity-reads.js';
import { sqlFilter } from '../../shared/paged-list.js';
import { auditTimes } from '../../shared/rows.js';

/** A generator's brief as the columns name, skill, audience, industry, difficulty, language, count and model_id. */
const briefColumns = (brief: SessionGeneratorBrief) => [
  brief.name,
  brief.skill,
  brief.audience,
  brief.industry,
  brief.difficulty,
  brief.language,
  brief.count,
  brief.modelId,
];

const TABLES = { generators: 'rm_coaching_session_generators' } as const;

/**
 * Session generators (docs/coaching-session-generators.md): one row per generator and its brief. A deleted one
 * leaves the table; the drafts it made are ordinary content and stay.
 */
export const coachingSessionGeneratorsProjection = defineProjection({
  name: 'coaching-session-generators',
  version: 1,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.generators} (
        generator_id text PRIMARY KEY,
        organization_id text NOT NULL,
        name text NOT NULL,
        skill text NOT NULL,
        audience text NOT NULL,
        industry text NOT NULL,
        difficulty integer NOT NULL,
        language text NOT NULL,
        count integer NOT NULL,
        model_id text NOT NULL,
        created_by text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.generators}_org_idx ON ${t.generators} (organization_id, updated_at);`);
  },
  on: {
    async SessionGeneratorCreated(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.generators} (generator_id, organization_id, name, skill, audience, industry, difficulty,
           language, count, model_id, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) ON CONFLICT (generator_id) DO NOTHING`,
        [data.generatorId, data.organizationId, ...briefColumns(data), data.createdBy, data.createdAt],
      );
    },
    async SessionGeneratorUpdated(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.generators} SET name = $2, skill = $3, audience = $4, industry = $5, difficulty = $6,
           language = $7, count = $8, model_id = $9, updated_at = $10 WHERE generator_id = $1`,
        [data.generatorId, ...briefColumns(data), data.updatedAt],
      );
    },
    async SessionGeneratorDeleted(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.generators} WHERE generator_id = $1`, [data.generatorId]);
    },
  },
});

/** A generator: its brief, whose it is and who made it. */
export type SessionGeneratorView = SessionGeneratorBrief & {
  generatorId: string;
  organizationId: string;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
};

type SessionGeneratorRecord = {
  generator_id: string;
  organization_id: string;
  name: string;
  skill: string;
  audience: string;
  industry: string;
  difficulty: number;
  language: SessionLanguage;
  count: number;
  model_id: string;
  created_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const COLUMNS = `g.generator_id, g.organization_id, g.name, g.skill, g.audience, g.industry, g.difficulty, g.language,
  g.count, g.model_id, g.created_by, g.created_at, g.updated_at`;

const toView = (row: SessionGeneratorRecord): SessionGeneratorView => ({
  generatorId: row.generator_id,
  organizationId: row.organization_id,
  name: row.name,
  skill: row.skill,
  audience: row.audience,
  industry: row.industry,
  difficulty: row.difficulty,
  language: row.language,
  count: row.count,
  modelId: row.model_id,
  createdBy: row.created_by,
  ...auditTimes(row),
});

const generators = entityReads({
  readModel: 'coaching-session-generators',
  from: `${TABLES.generators} g`,
  columns: COLUMNS,
  order: { name: 'lower(g.name)', updatedAt: 'g.updated_at', id: 'g.generator_id' },
  toView,
});

export const listSessionGenerators = (
  db: SqlExecutor,
  params: ListParams & { organizationId?: string },
): Promise<ListPage<SessionGeneratorView>> =>
  generators.list(
    db,
    params,
    sqlFilter()
      .equals('g.organization_id', params.organizationId)
      .search(['g.name', 'g.skill', 'g.industry'], params.q),
  );

export const findSessionGenerator = (db: SqlExecutor, generatorId: string): Promise<SessionGeneratorView | undefined> =>
  generators.find(db, generatorId);
