import { recordAssignmentPasses } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  assignmentLearnerOperations as learners,
  certificateOperations as certificates,
  myAssignmentOperations,
  programAssignmentOperations as assignments,
} from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';
import { criterion, seedSession } from './coaching-dashboard-fixtures.js';
import { organizationWithPriceProgram, STARTER_PRICE_SCENARIO } from './program-fixtures.js';
import { unique } from './session-fixtures.js';

// Certificates (issue 27, docs/programs.md "Certificates"): passing every item of an assigned program issues one,
// once, at a public address anyone may verify, and as a PDF in either language; a withdrawn assignment issues none.

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

await describeApi('[COACHING]: certificates of passed assignments', (context) => {
  const org = { id: '', operator: '', programId: '', programName: unique('Onboarding') };
  const { api } = context;
  const anyone = () => api(undefined);

  /** A scored session of the program's scenario, ended now: `score` on the 1–5 scale (4 → 75, 3 → 50). */
  const play = (userId: string, score: 3 | 4) =>
    seedSession(context.server, {
      organizationId: org.id,
      userId,
      scenarioId: STARTER_PRICE_SCENARIO,
      startedAt: new Date().toISOString(),
      ended: { status: 'end', captured: 1 },
      reports: [[criterion('Discovery', '1_5', 1, score)]],
    });
  /** A learner assigned the program, who then plays its scenario to an overall 75 (4 on the 1–5 scale). */
  const learnerWhoPlays = async (options: { withdraw?: boolean } = {}) => {
    const learner = await signInAs(context.server, { role: 'user', organizationId: org.id });
    const created = await api(org.operator).send<{ id: string }>(
      'POST',
      assignments.create.path.replace(':id', org.programId),
      { body: { assignees: [{ user_id: learner.userId }], due_at: inDays(14), time_zone: 'Europe/Paris' } },
    );
    expect(created.status).toBe(201);
    const assignmentId = created.body.id;
    if (options.withdraw) {
      await api(org.operator).call(assignments.withdraw, {
        params: { id: org.programId, assignment_id: assignmentId },
      });
    }
    await play(learner.userId, 4);
    return { ...learner, assignmentId };
  };
  /** What the standing job does once the learner's report is in. */
  const lookAt = (userId: string) =>
    recordAssignmentPasses(context.server.platform, { organizationId: org.id, userId }, { causationId: newId() });

  beforeAll(async () => {
    Object.assign(org, await organizationWithPriceProgram(context.server, org.programName));
  }, 120_000);

  it('issues a certificate once to a learner who passed, readable by anyone with its id', async () => {
    const learner = await learnerWhoPlays();
    expect(await lookAt(learner.userId)).toEqual({ passed: 1 });
    // A second report, a retried job: nothing more.
    expect(await lookAt(learner.userId)).toEqual({ passed: 0 });

    const mine = await api(learner.token).call(myAssignmentOperations.list, { query: {} });
    const [assignment] = mine.body.items;
    expect(assignment).toMatchObject({ status: 'passed', progress: { passed: 1, total: 1 } });
    const certificateId = assignment!.certificate_id!;
    // 256 bits, URL-safe: nobody guesses one.
    expect(certificateId).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const managers = await api(org.operator).call(learners.list, {
      params: { id: org.programId, assignment_id: learner.assignmentId },
      query: {},
    });
    expect(managers.body.items.map((row) => row.certificate_id)).toEqual([certificateId]);

    const read = await anyone().call(certificates.read, { params: { id: certificateId } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: certificateId,
      learner: { first_name: expect.any(String), last_name: expect.any(String) },
      organization: { name: expect.stringMatching(/^Acme /) },
      program: { id: org.programId, name: org.programName, version: 1 },
      time_zone: 'Europe/Paris',
      score: 75,
      items: [{ kind: 'scenario', name: expect.any(String), score: 75 }],
    });
    expect(Date.parse(read.body.passed_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers the PDF in the language asked, and 404 to an id nobody was given', async () => {
    const learner = await learnerWhoPlays();
    await lookAt(learner.userId);
    const mine = await api(learner.token).call(myAssignmentOperations.list, { query: {} });
    const certificateId = mine.body.items[0]!.certificate_id!;
    for (const lang of ['en-GB', 'fr-FR'] as const) {
      const response = await fetch(`${context.server.url}/v1/certificates/${certificateId}/pdf?lang=${lang}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="certificate-\d{4}-\d{2}-\d{2}\.pdf"$/,
      );
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The document says its language (PDF catalogue `/Lang`), which readers and screen readers follow.
      expect(bytes.toString('latin1')).toContain(`/Lang (${lang})`);
    }
    const missing = await anyone().call(certificates.read, { params: { id: 'A'.repeat(43) } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'certificate_not_found' });
    const missingPdf = await fetch(`${context.server.url}/v1/certificates/${'A'.repeat(43)}/pdf`);
    expect(missingPdf.status).toBe(404);
  });

  it('issues none on a withdrawn assignment, nor to a learner below the minimum score', async () => {
    const withdrawn = await learnerWhoPlays({ withdraw: true });
    expect(await lookAt(withdrawn.userId)).toEqual({ passed: 0 });

    const weak = await signInAs(context.server, { role: 'user', organizationId: org.id });
    await api(org.operator).send('POST', assignments.create.path.replace(':id', org.programId), {
      body: { assignees: [{ user_id: weak.userId }], due_at: inDays(14), time_zone: 'UTC' },
    });
    await play(weak.userId, 3);
    expect(await lookAt(weak.userId)).toEqual({ passed: 0 });
    const mine = await api(weak.token).call(myAssignmentOperations.list, { query: {} });
    expect(mine.body.items[0]).toMatchObject({ status: 'in_progress', certificate_id: null });

    // Another organization's learner id finds nothing of this one's.
    const stranger = await signInAs(context.server, {
      role: 'user',
      organizationId: await createTestOrganization(context.server, unique('Beta')),
    });
    expect(
      await recordAssignmentPasses(
        context.server.platform,
        { organizationId: org.id, userId: stranger.userId },
        { causationId: newId() },
      ),
    ).toEqual({ passed: 0 });
  });
});
