import { useParams } from 'react-router';
import { TermsContent, type TermsPage } from '../../../features/terms/components/terms-page';

/** `/terms/{contact|privacy|conditions|legal-notices}`; other values are refused by the route's validity check. */
export const TermsRoute = () => {
  const { page } = useParams();
  return <TermsContent page={page as TermsPage} />;
};
