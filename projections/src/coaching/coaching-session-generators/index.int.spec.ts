import type { SessionGeneratorBrief, SessionGeneratorEvent } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { at, listParams as params, seededReadModel } from '../../testing/read-model-spec.js';
import { coachingSessionGeneratorsProjection, findSessionGenerator, listSessionGenerators } from './index.js';

const brief: SessionGeneratorBrief = {
  name: 'Price objections',
  skill: 'handling price objections',
  audience: 'account managers',
  industry: 'logistics',
  difficulty: 3,
  language: 'en-GB',
  count: 3,
  modelId: 'model-1',
};
const created = (generatorId: string, name: string, day: number, organizationId = 'acme'): SessionGeneratorEvent => ({
  type: 'SessionGeneratorCreated',
  data: { generatorId, organizationId, ...brief, name, createdBy: 'ed', createdAt: at(day) },
});

describe('coaching-session-generators read model', () => {
  const { db, reapplyTwice } = seededReadModel<SessionGeneratorEvent>(
    coachingSessionGeneratorsProjection,
    async ({ append }) => {
      await append('coaching-session-generator-price', created('price', 'Price objections', 1), {
        type: 'SessionGeneratorUpdated',
        data: { generatorId: 'price', ...brief, count: 5, language: 'fr-FR', updatedAt: at(2) },
      });
      await append('coaching-session-generator-gone', created('gone', 'Gone', 3), {
        type: 'SessionGeneratorDeleted',
        data: { generatorId: 'gone', deletedAt: at(4) },
      });
      await append('coaching-session-generator-beta', created('beta', 'Beta', 5, 'beta'));
    },
  );

  it('holds each generator’s latest brief, and forgets a deleted one', async () => {
    expect(await findSessionGenerator(db, 'price')).toEqual({
      generatorId: 'price',
      organizationId: 'acme',
      name: 'Price objections',
      skill: 'handling price objections',
      audience: 'account managers',
      industry: 'logistics',
      difficulty: 3,
      language: 'fr-FR',
      count: 5,
      modelId: 'model-1',
      createdBy: 'ed',
      createdAt: at(1),
      updatedAt: at(2),
    });
    expect(await findSessionGenerator(db, 'gone')).toBeUndefined();
  });

  it('lists one organization’s generators, searched by name, skill or industry', async () => {
    const acme = await listSessionGenerators(db, { ...params(), organizationId: 'acme' });
    expect(acme.items.map((item) => item.generatorId)).toEqual(['price']);
    expect((await listSessionGenerators(db, { ...params({ q: 'logist' }) })).total).toBe(2);
  });

  it('changes nothing when its events are applied again', async () => {
    const rows = async () => (await db.query('SELECT * FROM rm_coaching_session_generators ORDER BY 1')).rows;
    const before = await rows();
    await reapplyTwice();
    expect(await rows()).toEqual(before);
  });
});
