import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { AiProviderTable } from '../../../features/ai-providers/components/ai-provider-table';
import { useCan } from '../../../lib/session/session-context';

/** `/ai-providers/list` [ai-provider-list]. */
export const AiProviderListRoute = () => {
  const { t } = useTranslation('aiProviders');
  const can = useCan();
  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          can('ai-provider-create') ? (
            <Link to="/ai-providers/create" className={buttonClassName('primary')}>
              {t('list.create')}
            </Link>
          ) : null
        }
      />
      <AiProviderTable />
    </>
  );
};
