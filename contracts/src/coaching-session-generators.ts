import { SESSION_GENERATOR_COUNT_MAX, SESSION_GENERATOR_TEXT_MAX, SESSION_LANGUAGES } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idParams, idSchema, patchOf, text } from './http/fields.js';
import { listQuery, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';
import { backgroundJobSchema } from './jobs.js';

// Session generators (docs/coaching-session-generators.md): a saved brief from which a background job drafts
// role-plays with AI, as draft scenarios with their persona, mission and observer in the organization's content.

const briefText = text().trim().min(1).max(SESSION_GENERATOR_TEXT_MAX);

const briefShape = {
  name: briefText,
  /** The skill the drafts train ("handling price objections"). */
  skill: briefText,
  /** Who plays them ("new account managers"). */
  audience: briefText,
  /** Where the conversations happen ("logistics"). */
  industry: briefText,
  /** 1 (gentle) to 5 (hard): the personas' difficulty. */
  difficulty: z.number().int().min(1).max(5),
  language: z.enum(SESSION_LANGUAGES),
  /** How many scenarios one run drafts. */
  count: z.number().int().min(1).max(SESSION_GENERATOR_COUNT_MAX),
  /** The AI model (chat capability) that drafts, and that the drafts then play and observe on. */
  model_id: idSchema,
};

export const sessionGeneratorSchema = z.strictObject({
  id: text(),
  organization_id: text(),
  name: text(),
  skill: text(),
  audience: text(),
  industry: text(),
  difficulty: z.number().int(),
  language: z.enum(SESSION_LANGUAGES),
  count: z.number().int(),
  model_id: text(),
  created_by: text().nullable(),
  created_at: text(),
  updated_at: text(),
});
export type SessionGeneratorAnswer = z.input<typeof sessionGeneratorSchema>;

/** What "Publish draft" answers: each item published with the draft, in the order it was published. */
export const publishedDraftSchema = z.strictObject({
  scenario_id: text(),
  items: z.array(
    z.strictObject({
      kind: z.enum(['persona', 'mission', 'observer', 'scenario']),
      id: text(),
      version: z.number().int(),
      /** false: it was published already (a retry, or content published before). */
      published_now: z.boolean(),
    }),
  ),
});
export type PublishedDraftAnswer = z.input<typeof publishedDraftSchema>;

const notFound = { description: '`session_generator_not_found`: it does not exist or is another organization’s.' };
const modelNotFound = {
  description:
    '`coaching_reference_not_found` (`details.field`: `model_id`): no AI model of this id the organization may use.',
};

export const sessionGeneratorOperations = defineOperations(
  { name: 'sessionGenerators', tag: 'Coaching: session generators' },
  {
    list: {
      method: 'GET',
      path: '/v1/coaching/session_generators',
      summary: 'The session generators of the caller’s organization.',
      query: listQuery({}),
      responses: { 200: { description: 'A page of generators.', schema: pageOf(sessionGeneratorSchema) } },
    },
    create: {
      method: 'POST',
      path: '/v1/coaching/session_generators',
      summary:
        'Save a brief to draft role-plays from. `model_id` left out: the built-in provider’s model, which drafts from templates, offline.',
      idempotent: true,
      body: closed(z.object({ ...briefShape, model_id: briefShape.model_id.optional() })),
      responses: {
        201: { description: 'The generator.', schema: sessionGeneratorSchema },
        404: modelNotFound,
      },
    },
    read: {
      method: 'GET',
      path: '/v1/coaching/session_generators/:id',
      summary: 'One session generator.',
      params: idParams,
      responses: { 200: { description: 'The generator.', schema: sessionGeneratorSchema }, 404: notFound },
    },
    update: {
      method: 'PATCH',
      path: '/v1/coaching/session_generators/:id',
      summary: 'Change a generator’s brief; drafts it already made are left as they are.',
      params: idParams,
      body: patchOf(z.object(briefShape).partial()),
      responses: {
        200: { description: 'The generator.', schema: sessionGeneratorSchema },
        404: { description: `${notFound.description} Or ${modelNotFound.description}` },
      },
    },
    delete: {
      method: 'DELETE',
      path: '/v1/coaching/session_generators/:id',
      summary: 'Delete a generator. The drafts it made stay in the organization’s content.',
      params: idParams,
      responses: { 204: { description: 'Deleted.' }, 404: notFound },
    },
    generate: {
      method: 'POST',
      path: '/v1/coaching/session_generators/:id/generate',
      summary:
        'Run the generator: a background job (`GET /v1/jobs/{id}`) drafting `count` scenarios, each with its persona, mission and observer, as drafts of the organization’s content. Each item of the job is a draft’s scenario id; its `results` say which were saved and why any failed (a failed draft saves nothing). Sent again with the same `Idempotency-Key`, it answers the same job.',
      idempotent: true,
      params: idParams,
      responses: {
        202: { description: 'The job, queued.', schema: backgroundJobSchema },
        404: notFound,
      },
    },
    publishDraft: {
      method: 'POST',
      path: '/v1/coaching/session_generators/:id/drafts/:draft_id/publish',
      summary:
        'Publish one of the generator’s drafts (`draft_id`: the scenario id a run’s results name) with the persona, mission and observers its scenario plays, all or nothing: every item is checked before any is published (the caller edits each kind it publishes; none is archived; what the caller may not edit must be published already). Items already published are left as they are, so a retry answers the same.',
      params: z.object({ id: idSchema, draft_id: idSchema }),
      responses: {
        200: { description: 'What was published.', schema: publishedDraftSchema },
        403: {
          description: '`forbidden`: the caller may not publish one of the draft’s kinds; nothing was published.',
        },
        404: {
          description: `${notFound.description} Or \`session_generator_draft_not_found\`: no run of this generator saved that draft. Or \`coaching_item_not_found\` / \`coaching_reference_not_found\`: the draft or what it plays no longer exists.`,
        },
        409: {
          description:
            '`coaching_item_archived` (`details.id`), or `coaching_reference_unpublished`: something it plays is archived, or another’s and not published. Nothing was published.',
        },
      },
    },
  },
);
