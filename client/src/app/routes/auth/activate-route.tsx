import { useSearchParams } from 'react-router';
import { ActivateAccountForm } from '../../../features/auth/components/activate-account-form';

export const ActivateRoute = () => {
  const [params] = useSearchParams();
  return <ActivateAccountForm code={params.get('code') ?? ''} />;
};
