import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { AiProviderCreateForm } from '../../../features/ai-providers/components/ai-provider-form';

/** `/ai-providers/create` [ai-provider-create]. */
export const AiProviderCreateRoute = () => {
  const { t } = useTranslation('aiProviders');
  return (
    <div className="max-w-2xl">
      <PageHeader title={t('create.title')} description={t('create.description')} />
      <Card>
        <AiProviderCreateForm />
      </Card>
    </div>
  );
};
