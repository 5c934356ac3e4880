import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/ui/paged-table';
import { buttonClassName } from '../../../components/ui/button';
import { useListParams } from '../../../hooks/use-list-params';
import { useCan } from '../../../lib/session/session-context';
import { useAiProviders, type AiProvider } from '../api/ai-providers-api';
import { EnabledBadge, useScopeLabel } from './provider-badges';

/** `/ai-providers/list`: the providers the caller's organization may use (super-admins: all), paged and searchable. */
export const AiProviderTable = () => {
  const { t } = useTranslation('aiProviders');
  const can = useCan();
  const [state, update] = useListParams('name');
  const providers = useAiProviders(state);
  const scopeOf = useScopeLabel();
  const mayOpen = can('ai-provider-update') && can('ai-provider-read');

  return (
    <PagedTable<AiProvider>
      query={providers}
      state={state}
      onChange={update}
      searchLabel={t('list.search')}
      empty={t('list.none')}
      noMatch={t('list.empty')}
      caption={t('list.title')}
      rowKey={(provider) => provider.id}
      rowTestId="ai-provider-row"
      rowData={(provider) => ({ kind: provider.kind, enabled: String(provider.enabled) })}
      columns={[
        {
          id: 'name',
          header: t('list.name'),
          sortKey: 'name',
          isRowHeader: true,
          cell: (provider) => (
            <span className="block min-w-0">
              <span className="block font-medium">{provider.name}</span>
              {/* On narrow screens the kind, scope and models columns give way: said here instead. */}
              <span className="block text-xs font-normal text-gray-700 lg:hidden dark:text-gray-300">
                {t(`kinds.${provider.kind}`)}
                <span className="sm:hidden">
                  {' · '}
                  {scopeOf(provider)}
                </span>
                {' · '}
                {t('list.modelCount', { count: provider.model_count })}
              </span>
            </span>
          ),
        },
        {
          id: 'kind',
          header: t('list.kind'),
          priority: 3,
          cell: (provider) => t(`kinds.${provider.kind}`),
        },
        { id: 'scope', header: t('list.scope'), priority: 2, cell: (provider) => scopeOf(provider) },
        {
          id: 'models',
          header: t('list.models'),
          priority: 3,
          cell: (provider) => t('list.modelCount', { count: provider.model_count }),
        },
        {
          id: 'enabled',
          header: t('list.status'),
          cell: (provider) => <EnabledBadge enabled={provider.enabled} />,
        },
        {
          id: 'actions',
          header: <span className="sr-only">{t('list.actions')}</span>,
          align: 'end',
          cell: (provider) =>
            mayOpen ? (
              <Link to={`/ai-providers/edit/${provider.id}`} className={buttonClassName('ghost', 'px-3')}>
                {t('list.edit')}
                <span className="sr-only"> {provider.name}</span>
              </Link>
            ) : null,
        },
      ]}
    />
  );
};
