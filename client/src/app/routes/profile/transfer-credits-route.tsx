import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { TransferCreditsForm } from '../../../features/profile/components/transfer-credits-form';

export const TransferCreditsRoute = () => {
  const { t } = useTranslation('profile');
  return (
    <>
      <PageHeader title={t('transfer.title')} description={t('transfer.description')} />
      <TransferCreditsForm />
    </>
  );
};
