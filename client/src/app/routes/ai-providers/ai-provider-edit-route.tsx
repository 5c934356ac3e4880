import { useParams } from 'react-router';
import { AiProviderEditor } from '../../../features/ai-providers/components/ai-provider-editor';

/** `/ai-providers/edit/{providerID}` [ai-provider-update, ai-provider-read]. */
export const AiProviderEditRoute = () => {
  const { providerID = '' } = useParams();
  return <AiProviderEditor key={providerID} id={providerID} />;
};
