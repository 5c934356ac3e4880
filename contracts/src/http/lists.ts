import { listParamsSchema } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed } from './fields.js';

/**
 * The one list shape: `{items, total}`. A paged list is the same with `page` and `page_size`;
 * its query is the domain's list parameters (page, page_size, sort, q) and the route's filters.
 */
export const listOf = <Item extends z.ZodType>(item: Item) =>
  z.strictObject({ items: z.array(item), total: z.number().int() });

export const pageOf = <Item extends z.ZodType>(item: Item) =>
  listOf(item).extend({ page: z.number().int(), page_size: z.number().int() });

export type List<Item> = { items: Item[]; total: number };
export type Page<Item> = List<Item> & { page: number; page_size: number };

/** The list query of the domain (page, page_size, sort, q), with this operation's filters. */
export const listQuery = <Shape extends z.ZodRawShape>(filters: Shape) => closed(listParamsSchema.extend(filters));
