import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { certificateOperations } from '../../../lib/http/contract-routes';

export type { AssignmentCertificate } from '@ai-coaching/contracts';

/** A certificate by its id: public, so it needs no sign-in. A missing one is not retried. */
export const useCertificate = (certificateId: string) =>
  useQuery({
    queryKey: ['certificates', certificateId],
    queryFn: () => api.call(certificateOperations.read, { params: { id: certificateId } }),
    retry: false,
  });

/** The PDF's address in a language: a plain link downloads it. */
export const certificatePdfUrl = (certificateId: string, lang: string) =>
  `${certificateOperations.pdf.path.replace(':id', encodeURIComponent(certificateId))}?lang=${encodeURIComponent(lang)}`;
