import { COACHING_STATUSES } from '@ai-coaching/domain';
import { z } from 'zod';
import { idParams, idSchema, text } from './http/fields.js';
import { listQuery, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';

// What every kind of coaching content shares on the wire (ADR 0014): the envelope of an item, its list filters, and
// the one factory that declares a kind's operations, so that all of them behave alike. The kinds' own fields are in
// coaching-content.ts.

const originSchema = z.strictObject({
  type: z.enum(['copy', 'fork']),
  id: text(),
  version: z.number().int(),
  title: text(),
});

export const sharesSchema = z.strictObject({
  user_group_ids: z.array(text()),
  user_ids: z.array(text()),
  organization_ids: z.array(text()),
});

/** What every item answers besides its fields. */
export const envelopeShape = {
  id: text(),
  /** null: the platform library. */
  organization_id: text().nullable(),
  status: z.enum(COACHING_STATUSES),
  /** The working copy's version: the published one, or the next while it holds unpublished changes. */
  version: z.number().int(),
  published_version: z.number().int().nullable(),
  /** Where a copy or a fork came from ("forked from … version N"). */
  origin: originSchema.nullable(),
  /** Whether the caller may change it (a library item is forked, not edited). */
  editable: z.boolean(),
  created_by: text().nullable(),
  created_at: text(),
  updated_at: text(),
};

const versionSummarySchema = z.strictObject({
  version: z.number().int(),
  published_at: text(),
  published_by: text().nullable(),
});

export const COACHING_SOURCES = ['own', 'library', 'shared'] as const;

const listFilters = {
  status: z.enum(COACHING_STATUSES).optional(),
  /** Where items come from: the caller's organization, the platform library, or shared from another organization. */
  source: z.enum(COACHING_SOURCES).optional(),
  /** Super-admins: one organization's items, or `platform` for the library. */
  organization_id: z.union([idSchema, z.literal('platform')]).optional(),
};

const inUse = 'still used: `details.used_by` names each user ({kind, id, title})';

/** The operations of one kind, under `/v1/coaching/{plural}`; its schemas are declared beside it, below. */
export const contentOperations = <
  const Plural extends string,
  Item extends z.ZodType,
  Create extends z.ZodType,
  Patch extends z.ZodType,
  Version extends z.ZodType,
>(def: {
  plural: Plural;
  tag: string;
  noun: string;
  forkable: boolean;
  item: Item;
  create: Create;
  patch: Patch;
  version: Version;
}) => {
  const base = `/v1/coaching/${def.plural}` as const;
  const notFound = { description: `\`coaching_item_not_found\`: no ${def.noun} with this id that the caller may see.` };
  const answer = { description: 'The item.', schema: def.item };
  return {
    item: def.item,
    operations: defineOperations(
      { name: def.plural, tag: def.tag },
      {
        list: {
          method: 'GET',
          path: base,
          summary: `The ${def.noun}s the caller may see: their organization's (drafts for those who edit them), the published library and what is shared with them.`,
          query: listQuery(listFilters),
          responses: { 200: { description: 'A page.', schema: pageOf(def.item) } },
        },
        create: {
          method: 'POST',
          path: base,
          summary: def.forkable
            ? `Create a draft ${def.noun}; with \`copy_from\`, a copy of one the caller may read, its fields overridden by the body.`
            : `Create a draft ${def.noun}.`,
          idempotent: true,
          body: def.create,
          responses: {
            201: { description: 'The draft.', schema: def.item },
            404: {
              description:
                '`coaching_item_not_found` (`copy_from`), or `coaching_reference_not_found` naming the field.',
            },
          },
        },
        read: {
          method: 'GET',
          path: `${base}/:id`,
          summary: `One ${def.noun}: its working copy.`,
          params: idParams,
          responses: { 200: answer, 404: notFound },
        },
        update: {
          method: 'PATCH',
          path: `${base}/:id`,
          summary: 'Change the working copy; editing a published item starts its next version.',
          params: idParams,
          body: def.patch,
          responses: { 200: answer, 404: notFound, 409: { description: '`coaching_item_archived`.' } },
        },
        delete: {
          method: 'DELETE',
          path: `${base}/:id`,
          summary: `Delete a ${def.noun} nothing uses (archive it otherwise).`,
          params: idParams,
          responses: {
            204: { description: 'Deleted.' },
            404: notFound,
            409: { description: `\`coaching_item_in_use\`: ${inUse}.` },
          },
        },
        publish: {
          method: 'POST',
          path: `${base}/:id/publish`,
          summary: 'Publish the working copy as the next version; sessions keep the version they were played with.',
          params: idParams,
          responses: {
            200: answer,
            404: notFound,
            409: {
              description:
                '`coaching_item_archived`, or `coaching_reference_unpublished` (publish what it uses first).',
            },
          },
        },
        archive: {
          method: 'POST',
          path: `${base}/:id/archive`,
          summary: 'Hide it from new use; what was played with it stays.',
          params: idParams,
          responses: { 200: answer, 404: notFound },
        },
        restore: {
          method: 'POST',
          path: `${base}/:id/restore`,
          summary: 'Bring an archived item back.',
          params: idParams,
          responses: { 200: answer, 404: notFound },
        },
        versions: {
          method: 'GET',
          path: `${base}/:id/versions`,
          summary: 'The versions published so far, newest first.',
          params: idParams,
          responses: {
            200: { description: 'The versions.', schema: z.strictObject({ items: z.array(versionSummarySchema) }) },
            404: notFound,
          },
        },
        version: {
          method: 'GET',
          path: `${base}/:id/versions/:version`,
          summary: 'A published version as it was published.',
          params: z.object({ id: idSchema, version: z.coerce.number().int().min(1) }),
          responses: {
            200: { description: 'The version’s fields.', schema: def.version },
            404: { description: '`coaching_item_not_found` or `coaching_version_not_found`.' },
          },
        },
      },
    ),
  };
};

export const versionShape = { id: text(), version: z.number().int(), published_at: text() };
