import { USER_LOCALES } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idSchema, text } from './http/fields.js';
import { defineOperations } from './http/operation.js';

// Certificates of passed assignments (issue 27, docs/programs.md "Certificates"): public, under an unguessable id.

export const assignmentCertificateSchema = z.strictObject({
  id: text(),
  /** As the learner's account names them now. */
  learner: z.strictObject({ first_name: text(), last_name: text() }),
  organization: z.strictObject({ name: text() }),
  program: z.strictObject({ id: text(), name: text(), version: z.number().int() }),
  passed_at: text(),
  /** The assignment's time zone: the date is said on its clock. */
  time_zone: text(),
  /** The mean of the items' scores that counted (0–100). */
  score: z.number().nullable(),
  items: z.array(
    z.strictObject({ kind: z.enum(['scenario', 'playlist']), name: text(), score: z.number().nullable() }),
  ),
});
export type AssignmentCertificate = z.infer<typeof assignmentCertificateSchema>;

const params = z.object({ id: idSchema });
const notFound = { description: '`certificate_not_found`: no certificate has this id.' };

export const certificateOperations = defineOperations(
  { name: 'certificates', tag: 'Coaching: programs' },
  {
    read: {
      method: 'GET',
      path: '/v1/certificates/:id',
      summary:
        'A certificate, for anyone who has its address (no sign-in): the learner, the program version passed, its items’ scores, the organization and the date.',
      params,
      responses: { 200: { description: 'The certificate.', schema: assignmentCertificateSchema }, 404: notFound },
    },
    pdf: {
      method: 'GET',
      path: '/v1/certificates/:id/pdf',
      summary: 'The same certificate as a PDF (A4 landscape), in `lang` (default en-GB).',
      params,
      query: closed(z.object({ lang: z.enum(USER_LOCALES).optional() })),
      responses: { 200: { description: '`application/pdf`, as an attachment.' }, 404: notFound },
    },
  },
);
