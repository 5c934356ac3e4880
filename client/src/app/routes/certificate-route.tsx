import { useParams } from 'react-router';
import { CertificatePage } from '../../features/certificates/components/certificate-page';

/** `/certificates/{id}`: a passed assignment's certificate, public (docs/programs.md, "Certificates"). */
export const CertificateRoute = () => {
  const { certificateId = '' } = useParams();
  return <CertificatePage certificateId={certificateId} />;
};
