import { listParamsSchema } from '@ai-coaching/domain';
import { z } from 'zod';

/** Ids are UUIDs, but fixtures of older data use other strings. */
export const idSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'An id has 1 to 100 letters, digits, "-" or "_".' });

/**
 * Like `.strict()`, but each unknown key is an issue of its own with the key as its path, so the
 * 400 names it (a strict object reports unknown keys at the root of the path).
 */
export const closed = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  schema.catchall(
    z.custom<unknown>(() => false, { error: `Not accepted here; use ${Object.keys(schema.shape).join(', ')}.` }),
  );

/** The list query of the domain (page, page_size, sort, q), with this route's extra parameters. */
export const listQuery = <Shape extends z.ZodRawShape>(extra: Shape) => closed(listParamsSchema.extend(extra));

export const pageOf = <Item>(item: z.ZodType<Item>) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
