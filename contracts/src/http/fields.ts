import { z } from 'zod';

/** Ids are UUIDs, but fixtures of older data use other strings. */
export const idSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'An id has 1 to 100 letters, digits, "-" or "_".' });

/** The `{id}` path parameter of a resource. */
export const idParams = z.object({ id: idSchema });

/**
 * Like `.strict()`, but each unknown key is an issue of its own with the key as its path, so the
 * 400 names it (a strict object reports unknown keys at the root of the path).
 */
export const closed = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  schema.catchall(
    z.custom<unknown>(() => false, { error: `Not accepted here; use ${Object.keys(schema.shape).join(', ')}.` }),
  );

/** A PATCH body: the fields it may change, at least one of them. */
export const patchOf = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  closed(schema).refine((body) => Object.keys(body).length > 0, { error: 'Send at least one field to change.' });
