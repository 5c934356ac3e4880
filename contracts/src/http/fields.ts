import { storableText } from '@ai-coaching/domain';
import { z } from 'zod';
import { rule } from '../i18n/messages.js';

/**
 * Every string field of the contracts: refuses a NUL character or a lone surrogate (400 naming the
 * field, rule `unstorable_text`), which PostgreSQL cannot store. Chain the field's own rules after it:
 * `text().trim().min(1).max(100)`.
 */
export const text = (): z.ZodString => storableText();

const ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Ids are UUIDs, but fixtures of older data use other strings. */
export const idSchema = text()
  .refine((id) => ID.test(id), rule('id_format'))
  // A refinement is not in the JSON schema; the pattern tells OpenAPI readers the same rule.
  .meta({ pattern: ID.source });

/** The `{id}` path parameter of a resource. */
export const idParams = z.object({ id: idSchema });

/**
 * Like `.strict()`, but each unknown key is an issue of its own with the key as its path, so the
 * 400 names it (a strict object reports unknown keys at the root of the path).
 */
export const closed = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  schema.catchall(z.custom<unknown>(() => false, rule('unknown_field', { keys: Object.keys(schema.shape) })));

/** A PATCH body: the fields it may change, at least one of them. */
export const patchOf = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  closed(schema).refine((body) => Object.keys(body).length > 0, rule('patch_empty'));
