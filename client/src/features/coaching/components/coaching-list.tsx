import { COACHING_STATUSES, type CoachingStatus } from '@ai-coaching/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { ListToolbar } from '../../../components/ui/list-controls';
import { ListView } from '../../../components/ui/list-view';
import { PageHeader } from '../../../components/ui/page-header';
import { useListParams } from '../../../hooks/use-list-params';
import { useCan } from '../../../lib/session/session-context';
import { useCoachingList, type AnyCoachingItem, type CoachingSource } from '../api/coaching-api';
import {
  createPath,
  editPath,
  forkPath,
  isForkable,
  playlistPlayPath,
  titleOf,
  type CoachingKind,
} from '../utils/coaching-kinds';
import { CoachingImage } from './coaching-image';
import { CoachingStatusBadge, LibraryBadge } from './coaching-status-badge';

const SOURCES: readonly CoachingSource[] = ['own', 'library', 'shared'];

/** One line under the card's title: what tells two items of the kind apart at a glance. */
const useSummary = (kind: CoachingKind) => {
  const { t } = useTranslation('coaching');
  return (item: AnyCoachingItem): string => {
    const fields = item as Record<string, unknown>;
    switch (kind) {
      case 'persona':
        return [fields['job_title'], fields['company']].filter(Boolean).join(' · ');
      case 'mission':
        return String(fields['goal'] ?? '');
      case 'observer':
        return t('card.criteria', { count: (fields['rubric'] as unknown[] | undefined)?.length ?? 0 });
      case 'scenario':
        return String(fields['description'] ?? '');
      case 'playlist':
        return t('card.scenarios', { count: (fields['scenario_ids'] as unknown[] | undefined)?.length ?? 0 });
      case 'program':
        return t('card.items', { count: (fields['items'] as unknown[] | undefined)?.length ?? 0 });
    }
  };
};

const CoachingCard = ({ kind, item }: { kind: CoachingKind; item: AnyCoachingItem }) => {
  const { t } = useTranslation('coaching');
  const can = useCan();
  const summary = useSummary(kind)(item);
  const title = titleOf(item, kind);
  const mayEdit = item.editable && can(`coaching-${kind}-update`);
  const actions: ReactNode[] = [];
  if (kind === 'playlist' && item.published_version !== null && item.status !== 'archived') {
    actions.push(
      <Link key="play" to={playlistPlayPath(item.id)} className={buttonClassName('primary', 'min-h-9 px-3 py-1')}>
        {t('actions.play')}
        <span className="sr-only"> {title}</span>
      </Link>,
    );
  }
  if (isForkable(kind) && !item.editable && can(`coaching-${kind}-fork`)) {
    actions.push(
      <Link key="fork" to={forkPath(kind, item.id)} className={buttonClassName('secondary', 'min-h-9 px-3 py-1')}>
        {t('actions.fork')}
        <span className="sr-only"> {title}</span>
      </Link>,
    );
  }
  if (isForkable(kind) && can(`coaching-${kind}-create`)) {
    actions.push(
      <Link key="copy" to={createPath(kind, item.id)} className={buttonClassName('ghost', 'min-h-9 px-3 py-1')}>
        {t('actions.copy')}
        <span className="sr-only"> {title}</span>
      </Link>,
    );
  }
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-xs dark:border-gray-800 dark:bg-gray-900">
      <div
        className={
          kind === 'persona' || kind === 'observer' ? 'flex justify-center bg-gray-50 p-4 dark:bg-gray-950' : ''
        }
      >
        <CoachingImage
          kind={kind}
          item={item}
          className={kind === 'persona' || kind === 'observer' ? 'w-24' : 'w-full'}
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-base font-semibold break-words">
          {mayEdit || can(`coaching-${kind}-read`) ? (
            <Link to={editPath(kind, item.id)} className="hover:underline">
              {title}
            </Link>
          ) : (
            title
          )}
        </h2>
        <div className="flex flex-wrap gap-1">
          <CoachingStatusBadge status={item.status} version={item.version} publishedVersion={item.published_version} />
          {item.organization_id === null ? <LibraryBadge /> : null}
          {'language' in item ? (
            <span className="inline-flex items-center rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800 dark:bg-gray-800 dark:text-gray-200">
              {t(`languages.${item.language}`)}
            </span>
          ) : null}
        </div>
        {summary ? <p className="line-clamp-2 text-sm text-gray-700 dark:text-gray-300">{summary}</p> : null}
        {item.origin ? (
          <p className="text-xs text-gray-700 dark:text-gray-300">
            {t(`origin.${item.origin.type}`, { title: item.origin.title, version: item.origin.version })}
          </p>
        ) : null}
        {actions.length > 0 ? <div className="mt-auto flex flex-wrap gap-2 pt-2">{actions}</div> : null}
      </div>
    </li>
  );
};

/** `/apps/ai-coaching/{kind}/list`: a card grid with search, source and status filters, sort and paging. */
export const CoachingList = ({ kind }: { kind: CoachingKind }) => {
  const { t } = useTranslation('coaching');
  const can = useCan();
  const [state, update, params] = useListParams();
  const status = (COACHING_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as CoachingStatus)
    : undefined;
  const source = (SOURCES as readonly string[]).includes(params.get('source') ?? '')
    ? (params.get('source') as CoachingSource)
    : undefined;
  const query = useCoachingList(kind, {
    ...state,
    ...(status ? { status } : {}),
    ...(source ? { source } : {}),
  });
  const mayCreate = can(`coaching-${kind}-create`);
  const createLink = mayCreate ? (
    <Link to={createPath(kind)} className={buttonClassName('primary')}>
      {t(`kinds.${kind}.create`)}
    </Link>
  ) : null;

  return (
    <>
      <PageHeader title={t(`kinds.${kind}.plural`)} description={t(`kinds.${kind}.about`)} actions={createLink} />
      <ListView
        query={query}
        state={state}
        onChange={update}
        isFiltered={Boolean(status || source)}
        toolbar={
          <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end">
            <div className="flex-1 [&>div]:mb-0">
              <ListToolbar state={state} onChange={update} searchLabel={t(`kinds.${kind}.search`)} />
            </div>
            <div className="grid grid-cols-2 gap-3">
              <SelectField
                label={t('filters.source')}
                value={source ?? ''}
                options={[
                  { value: '', label: t('filters.anySource') },
                  ...SOURCES.map((value) => ({ value, label: t(`source.${value}`) })),
                ]}
                onChange={(event) => update({ source: event.target.value })}
              />
              <SelectField
                label={t('filters.status')}
                value={status ?? ''}
                options={[
                  { value: '', label: t('filters.anyStatus') },
                  ...COACHING_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
                ]}
                onChange={(event) => update({ status: event.target.value })}
              />
            </div>
          </div>
        }
        empty={
          <span className="flex flex-col items-center gap-3">
            <span>{t(`kinds.${kind}.empty`)}</span>
            {createLink}
          </span>
        }
        noMatch={t('list.noMatch')}
      >
        {(items) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {items.map((item) => (
              <CoachingCard key={item.id} kind={kind} item={item} />
            ))}
          </ul>
        )}
      </ListView>
    </>
  );
};
