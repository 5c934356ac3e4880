import type { AssignmentCertificate } from '@ai-coaching/contracts';
import { NotFoundError } from '@ai-coaching/domain';
import { deriveSecretCode, secretEncryptionKeys } from '@ai-coaching/platform';
import {
  certificatesOfAssignment,
  findAssignmentCertificate,
  findOrganization,
  findProgramAssignment,
  findUser,
  type UserView,
} from '@ai-coaching/projections';
import { nowIso, type AppServices } from '../../app-services.js';
import type { AssignmentStandingPayload } from '../../jobs/coaching/assignment-standing.job.js';
import { mailGreetingOf, mailName, mailRecipientOf, sendMailJob } from '../../jobs/mail/send-mail.job.js';
import { postNotice } from '../../notices/notices.js';
import { assignmentsReaching, runAssignmentCommand } from './assignment-reach.js';
import { assignedProgramOf, learnerStanding } from './my-assignments.js';

// Certificates (docs/programs.md, "Certificates"): a learner who passes every item of an assigned program version gets
// one, at a public address with an unguessable id that anyone may open to check it, and as a PDF.

/** The client's page of a certificate (`client/src/app/route-table.tsx`). */
export const certificatePath = (certificateId: string) => `/certificates/${certificateId}`;

/**
 * 256 bits of an HMAC of the assignment and learner under the platform's key: unguessable, and the same on a retry, so
 * a mail queued before a crash and the certificate recorded after it name the same page.
 */
const certificateIdOf = async (services: AppServices, assignmentId: string, userId: string) => {
  const [key] = await secretEncryptionKeys(services);
  return deriveSecretCode(key!.key, `assignment-certificate:${assignmentId}:${userId}`);
};

const mean = (scores: readonly (number | null)[]): number | null => {
  const known = scores.filter((score): score is number => score !== null);
  return known.length === 0 ? null : known.reduce((sum, score) => sum + score, 0) / known.length;
};

const noticePassed = (
  services: AppServices,
  learner: UserView,
  assignment: { assignmentId: string; organizationId: string; timeZone: string },
  programName: string,
  certificateId: string,
) =>
  services.queue.enqueue(
    sendMailJob,
    {
      template: 'assignment-passed',
      ...mailRecipientOf(learner),
      organizationId: assignment.organizationId,
      params: {
        firstName: mailGreetingOf(learner),
        programName: mailName(programName),
        certificateUrl: `${services.config.publicUrl}${certificatePath(certificateId)}`,
        passedAt: nowIso(services),
        timeZone: assignment.timeZone,
      },
    },
    { jobId: `assignment-passed-${assignment.assignmentId}-${learner.userId}` },
  );

/**
 * The `coaching.assignment.standing` job: every active assignment that reaches the learner, not passed yet, is looked
 * at again; one the pass rule now says passed issues the learner's certificate and mails them (the mail first, under
 * its own id: a crash before the record leaves the job to retry, and the retry mails nobody twice).
 */
export const recordAssignmentPasses = async (
  services: AppServices,
  payload: AssignmentStandingPayload,
  options: { causationId: string },
): Promise<{ passed: number }> => {
  const learner = await findUser(services.db, payload.userId);
  if (!learner || learner.organizationId !== payload.organizationId) return { passed: 0 };
  const assignments = await assignmentsReaching(services, learner);
  const now = nowIso(services);
  let passed = 0;
  for (const assignment of assignments) {
    if (assignment.withdrawnAt !== null) continue;
    if ((await certificatesOfAssignment(services.db, assignment.assignmentId)).has(learner.userId)) continue;
    const program = await assignedProgramOf(services, assignment);
    const standing = await learnerStanding(services, program, learner.userId, now);
    if (standing.status !== 'passed') continue;
    const certificateId = await certificateIdOf(services, assignment.assignmentId, learner.userId);
    const itemScores = standing.items.map((item) => item.score);
    await postNotice(services, {
      userId: learner.userId,
      organizationId: learner.organizationId,
      noticeId: `passed-${assignment.assignmentId}`,
      kind: 'assignment_passed',
      params: { programName: program.name },
      link: certificatePath(certificateId),
    });
    if (learner.status === 'active') {
      await noticePassed(services, learner, assignment, program.name, certificateId);
    }
    const recorded = await runAssignmentCommand(
      services,
      { correlationId: options.causationId },
      {
        type: 'RecordAssignmentPass',
        data: {
          assignmentId: assignment.assignmentId,
          learnerId: learner.userId,
          certificateId,
          score: mean(itemScores),
          itemScores,
        },
        metadata: { now },
      },
    );
    if (recorded.events.length > 0) passed += 1;
  }
  return { passed };
};

const certificateNotFound = () => new NotFoundError('certificate_not_found', 'There is no certificate with this id.');

/**
 * A certificate as anyone with its address reads it: the learner's name as their account says it now, the program
 * version they passed with its items' names and scores, the organization, the date. An id nobody was given answers
 * 404, as one that never existed.
 */
export const readCertificate = async (services: AppServices, certificateId: string): Promise<AssignmentCertificate> => {
  const certificate = await findAssignmentCertificate(services.db, certificateId);
  const assignment = certificate && (await findProgramAssignment(services.db, certificate.assignmentId));
  const learner = certificate && (await findUser(services.db, certificate.userId));
  if (!certificate || !assignment || !learner) throw certificateNotFound();
  const organization = await findOrganization(services.db, certificate.organizationId);
  const program = await assignedProgramOf(services, assignment);
  return {
    id: certificate.certificateId,
    learner: { first_name: learner.firstName, last_name: learner.lastName },
    organization: { name: organization?.name ?? '' },
    program: { id: certificate.programId, name: program.name, version: certificate.programVersion },
    passed_at: certificate.passedAt,
    time_zone: assignment.timeZone,
    score: certificate.score,
    items: program.contents.map((content, index) => ({
      kind: content.kind,
      name: content.name,
      score: certificate.itemScores[index] ?? null,
    })),
  };
};
