import { certificatePath, readCertificate } from '@ai-coaching/application';
import { certificateOperations as op } from '@ai-coaching/contracts';
import { renderCertificatePdf } from '../certificates/certificate-pdf.js';
import { defineRoute, publicAccess } from '../http/route.js';

// Certificates (docs/programs.md, "Certificates"): public by design, so that whoever is shown one can check it; the id
// is 256 unguessable bits, and an id nobody was given answers 404.
export const certificateRoutes = [
  defineRoute(op.read, {
    access: publicAccess,
    handler: async ({ params, services }) => ({ body: await readCertificate(services, params.id) }),
  }),
  defineRoute(op.pdf, {
    access: publicAccess,
    handler: async ({ params, query, origin, services }) => {
      const certificate = await readCertificate(services, params.id);
      const locale = query.lang ?? origin.locale ?? 'en-GB';
      const pdf = await renderCertificatePdf(
        certificate,
        locale,
        `${services.config.publicUrl}${certificatePath(certificate.id)}`,
      );
      const day = certificate.passed_at.slice(0, 10);
      return {
        body: pdf,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="certificate-${day}.pdf"`,
          'Cache-Control': 'no-store',
        },
      };
    },
  }),
];
