import { PAGE_SIZES, SORT_KEYS, type SortKey } from '@ai-coaching/domain';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../hooks/use-list-params';
import { Button } from './button';

const SEARCH_DELAY_MS = 300;

/** Search box and sort choice above a list (spec §9 sort keys). */
export const ListToolbar = ({
  state,
  onChange,
  searchLabel,
  sortLabels,
}: {
  state: ListState;
  onChange: (changes: Partial<ListState>) => void;
  searchLabel?: string;
  sortLabels?: Partial<Record<SortKey, string>> | undefined;
}) => {
  const { t } = useTranslation('common');
  const searchId = useId();
  const sortId = useId();
  const [q, setQ] = useState(state.q);
  // Follow the address when it changes under us (back button, a link): adjust state during render, not in an effect.
  const [shownQ, setShownQ] = useState(state.q);
  if (shownQ !== state.q) {
    setShownQ(state.q);
    setQ(state.q);
  }
  useEffect(() => {
    if (q === state.q) return;
    const timer = setTimeout(() => onChange({ q }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q, state.q, onChange]);

  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium">
          {searchLabel ?? t('list.search')}
        </label>
        <input
          id={searchId}
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          className="rounded-md border border-gray-400 bg-white px-3 py-2 text-sm dark:border-gray-600 dark:bg-gray-900"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={sortId} className="text-sm font-medium">
          {t('list.sort')}
        </label>
        <select
          id={sortId}
          value={state.sort}
          onChange={(event) => onChange({ sort: event.target.value as SortKey })}
          className="rounded-md border border-gray-400 bg-white px-3 py-2 text-sm dark:border-gray-600 dark:bg-gray-900"
        >
          {SORT_KEYS.map((key) => (
            <option key={key} value={key}>
              {sortLabels?.[key] ?? t(`list.sortKeys.${key}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
};

/** Page navigation and page size (12, 24, 48) below a list. */
export const Pagination = ({
  state,
  total,
  onChange,
}: {
  state: ListState;
  total: number;
  onChange: (changes: Partial<ListState>) => void;
}) => {
  const { t } = useTranslation('common');
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / state.page_size));
  return (
    <nav aria-label={t('list.pagination')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p>{t('list.summary', { page: Math.min(state.page, pages), pages, total })}</p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={sizeId}>{t('list.pageSize')}</label>
        <select
          id={sizeId}
          value={state.page_size}
          onChange={(event) => onChange({ page_size: Number(event.target.value) })}
          className="rounded-md border border-gray-400 bg-white px-2 py-1.5 dark:border-gray-600 dark:bg-gray-900"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <Button variant="secondary" disabled={state.page <= 1} onClick={() => onChange({ page: state.page - 1 })}>
          {t('list.previous')}
        </Button>
        <Button variant="secondary" disabled={state.page >= pages} onClick={() => onChange({ page: state.page + 1 })}>
          {t('list.next')}
        </Button>
      </div>
    </nav>
  );
};
