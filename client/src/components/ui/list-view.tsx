import type { SortKey } from '@ai-coaching/domain';
import type { Page } from '@ai-coaching/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../hooks/use-list-params';
import { ListToolbar, Pagination } from './list-controls';
import { EmptyState, LoadError, Loading } from './query-state';

export type ListViewProps<Item> = {
  query: UseQueryResult<Page<Item>>;
  state: ListState;
  onChange: (changes: Partial<ListState>) => void;
  searchLabel?: string;
  /** What each sort choice says when the list's own words are better than "update" (what the date column holds). */
  sortLabels?: Partial<Record<SortKey, string>>;
  /** Said when the list holds nothing at all. */
  empty: ReactNode;
  /** Said when a search or a filter matches nothing. */
  noMatch: ReactNode;
  /** Filters other than the search box are active (they, too, can make the list come back empty). */
  isFiltered?: boolean;
  /** Replaces the search box and sort choice above the list, for a list with filters of its own. */
  toolbar?: ReactNode;
  children: (items: Item[]) => ReactNode;
};

/**
 * A paged list as every screen shows one: search and sort above, the page, paging below; a loading
 * state the first time and a progress line while another page loads; "nothing yet" told apart
 * from "nothing matches".
 */
export const ListView = <Item,>({
  query,
  state,
  onChange,
  searchLabel,
  sortLabels,
  empty,
  noMatch,
  isFiltered = false,
  toolbar,
  children,
}: ListViewProps<Item>) => {
  const { t } = useTranslation('common');
  const searching = Boolean(state.q) || isFiltered;
  return (
    <>
      {toolbar ?? (
        <ListToolbar
          state={state}
          onChange={onChange}
          {...(searchLabel ? { searchLabel } : {})}
          {...(sortLabels ? { sortLabels } : {})}
        />
      )}
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className="relative" aria-busy={query.isFetching || undefined}>
          {query.isFetching ? (
            <div role="status" className="absolute inset-x-0 -top-2 h-1 overflow-hidden rounded-full">
              <div className="h-full w-1/3 animate-pulse rounded-full bg-primary-600 dark:bg-primary-300" />
              <span className="sr-only">{t('states.loading')}</span>
            </div>
          ) : null}
          {query.data.items.length === 0 ? (
            <EmptyState>{searching ? noMatch : empty}</EmptyState>
          ) : (
            <>
              {children(query.data.items)}
              <Pagination state={state} total={query.data.total} onChange={onChange} />
            </>
          )}
        </div>
      )}
    </>
  );
};
