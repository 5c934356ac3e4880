import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SORT_KEYS, type SortKey } from '@ai-coaching/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ListState = { page: number; page_size: number; sort: SortKey; q: string };

const toPageSize = (value: string | null) => {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
};

/** Reads a list's paging, sort and search from the address (shareable, survives reload), with the spec's defaults. */
export const parseListState = (params: URLSearchParams, defaultSort: SortKey = '-updated_at'): ListState => {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    page_size: toPageSize(params.get('page_size')),
    sort: (SORT_KEYS as readonly string[]).includes(sort ?? '') ? (sort as SortKey) : defaultSort,
    q: params.get('q') ?? '',
  };
};

export const useListParams = (defaultSort: SortKey = '-updated_at') => {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params, defaultSort), [params, defaultSort]);
  // Also takes a list's own filters (kind, account, organization_id…), which live in the address the same way.
  const update = useCallback(
    (changes: Partial<ListState> & Record<string, string | number | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === '' || value === undefined) next.delete(key);
            else next.set(key, String(value));
          }
          // A new filter, sort or page size starts again from the first page.
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [state, update, params] as const;
};
