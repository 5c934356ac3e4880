import { z } from 'zod';
import { storableText } from './text.js';

export const PAGE_SIZES = [12, 24, 48] as const;
export const DEFAULT_PAGE_SIZE = 12;
export const SORT_KEYS = ['updated_at', '-updated_at', 'name'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/**
 * The query of every list endpoint. Unknown parameters are refused (strict), so a typo such
 * as `pagesize` is a 400 naming it rather than silently ignored.
 */
export const listParamsSchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce
      .number()
      // The message is the `page_size` entry of the contracts' catalogue, in the caller's language.
      .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), { params: { rule: 'page_size' } })
      .default(DEFAULT_PAGE_SIZE),
    sort: z.enum(SORT_KEYS).default('-updated_at'),
    q: storableText().trim().max(200).optional(),
  })
  .strict();

export type ListParams = z.infer<typeof listParamsSchema>;

export type ListPage<Item> = { items: Item[]; total: number; page: number; page_size: number };
