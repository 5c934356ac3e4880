import { starterLibraryItemId } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  programAssignmentOperations as assignments,
  programContent,
  userGroupOperations,
} from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';

// Assigning a program (issue 27, docs/programs.md "Assignments"): to users and groups, with a due date on a time
// zone's clock; changed, withdrawn; within the program's organization only.

const unique = (label: string) => `${label} ${newId().slice(-8)}`;
const programs = programContent.operations;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const issuesOf = (body: unknown) =>
  ((body as { details?: { issues?: { path: string }[] } }).details?.issues ?? []).map((issue) => issue.path);

await describeApi('[COACHING]: program assignments', (context) => {
  const a = { organizationId: '', editor: '', operator: '', learner: '', learnerId: '', groupId: '', programId: '' };
  const b = { operator: '', learnerId: '' };
  const { api } = context;

  const assign = (token: string, body: Record<string, unknown>, programId = a.programId) =>
    api(token).send('POST', assignments.create.path.replace(':id', programId), {
      body: { assignees: [{ user_group_id: a.groupId }], due_at: inDays(14), time_zone: 'Europe/Paris', ...body },
    });

  beforeAll(async () => {
    a.organizationId = await createTestOrganization(context.server, unique('Acme'));
    a.editor = (await signInAs(context.server, { role: 'editor', organizationId: a.organizationId })).token;
    a.operator = (await signInAs(context.server, { role: 'operator', organizationId: a.organizationId })).token;
    const learner = await signInAs(context.server, { role: 'user', organizationId: a.organizationId });
    a.learner = learner.token;
    a.learnerId = learner.userId;
    const group = await api(a.operator).call(userGroupOperations.create, {
      body: { name: unique('Sales'), organization_id: a.organizationId },
    });
    a.groupId = group.body.id!;
    const program = await api(a.editor).call(programs.create, {
      body: {
        name: unique('Onboarding'),
        items: [{ scenario_id: starterLibraryItemId('scenario', 'price', 'en-GB') }],
      },
    });
    a.programId = program.body.id!;
    expect((await api(a.editor).call(programs.publish, { params: { id: a.programId } })).status).toBe(200);
    const other = await createTestOrganization(context.server, unique('Beta'));
    b.operator = (await signInAs(context.server, { role: 'operator', organizationId: other })).token;
    b.learnerId = (await signInAs(context.server, { role: 'user', organizationId: other })).userId;
  }, 120_000);

  it('assigns the published version to a group and a user, then changes the due date and withdraws it', async () => {
    const due = inDays(14);
    const created = await assign(a.editor, {
      assignees: [{ user_group_id: a.groupId }, { user_id: a.learnerId }],
      due_at: due,
      message: '  Before the quarter starts.  ',
    });
    expect(created.status).toBe(201);
    const assignment = created.body as Record<string, unknown> & { id: string; starts_at: string };
    expect(assignment).toMatchObject({
      program_id: a.programId,
      program_version: 1,
      assignees: [{ user_group_id: a.groupId }, { user_id: a.learnerId }],
      due_at: due,
      time_zone: 'Europe/Paris',
      message: 'Before the quarter starts.',
      status: 'active',
      withdrawn_at: null,
    });
    // Left out, the start is now.
    expect(Math.abs(Date.parse(assignment.starts_at) - Date.now())).toBeLessThan(60_000);

    const listed = await api(a.operator).call(assignments.list, { params: { id: a.programId } });
    expect(listed.body.items.map((item) => item.id)).toContain(assignment.id);

    const params = { id: a.programId, assignment_id: assignment.id };
    const later = inDays(21);
    const moved = await api(a.operator).call(assignments.update, {
      params,
      body: { due_at: later, time_zone: 'America/New_York' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ due_at: later, time_zone: 'America/New_York' });

    const withdrawn = await api(a.operator).call(assignments.withdraw, { params });
    expect(withdrawn.body).toMatchObject({ status: 'withdrawn' });
    expect(withdrawn.body.withdrawn_at).not.toBeNull();
    // Again: its work is done.
    expect((await api(a.operator).call(assignments.withdraw, { params })).body).toEqual(withdrawn.body);
    const late = await api(a.operator).call(assignments.update, {
      params,
      body: { due_at: inDays(30), time_zone: 'UTC' },
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'assignment_withdrawn' });
  });

  it('refuses a due date passed or before the start, a time zone it does not know, and nobody to assign', async () => {
    const past = await assign(a.editor, { due_at: inDays(-1) });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'invalid_assignment_due_at' });
    expect(issuesOf(past.body)).toContain('due_at');
    const beforeStart = await assign(a.editor, { starts_at: inDays(10), due_at: inDays(5) });
    expect(beforeStart.status).toBe(400);
    expect(issuesOf(beforeStart.body)).toContain('due_at');
    const zone = await assign(a.editor, { time_zone: 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    expect(issuesOf(zone.body)).toContain('time_zone');
    const nobody = await assign(a.editor, { assignees: [] });
    expect(nobody.status).toBe(400);
    expect(issuesOf(nobody.body)).toContain('assignees');
    const french = await api(a.editor).send('POST', assignments.create.path.replace(':id', a.programId), {
      body: { assignees: [{ user_group_id: a.groupId }], due_at: inDays(7), time_zone: 'Paris' },
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(JSON.stringify(french.body)).toContain('Choisissez un fuseau horaire par son nom');
  });

  it('assigns only a published program, to users and groups of its own organization', async () => {
    const draft = await api(a.editor).call(programs.create, { body: { name: unique('Draft') } });
    const unpublished = await assign(a.editor, {}, draft.body.id!);
    expect(unpublished.status).toBe(409);
    expect(unpublished.body).toMatchObject({ code: 'program_not_published' });
    for (const assignee of [{ user_id: b.learnerId }, { user_group_id: 'no-such-group' }]) {
      const stranger = await assign(a.editor, { assignees: [assignee] });
      expect(stranger.status, JSON.stringify(assignee)).toBe(404);
      expect(stranger.body).toMatchObject({ code: 'assignee_not_found' });
    }
  });

  it('is for those who assign, in the program’s organization: a learner is refused, another organization sees nothing', async () => {
    const created = await assign(a.operator, {});
    expect(created.status).toBe(201);
    const params = { id: a.programId, assignment_id: (created.body as { id: string }).id };
    expect((await assign(a.learner, {})).status).toBe(403);
    expect((await api(a.learner).call(assignments.list, { params: { id: a.programId } })).status).toBe(403);
    expect((await api(a.learner).call(assignments.withdraw, { params })).status).toBe(403);
    // Another organization's operator: as if neither the program nor the assignment existed.
    expect((await assign(b.operator, {})).status).toBe(404);
    expect((await api(b.operator).call(assignments.list, { params: { id: a.programId } })).status).toBe(404);
    expect(
      (await api(b.operator).call(assignments.update, { params, body: { due_at: inDays(30), time_zone: 'UTC' } }))
        .status,
    ).toBe(404);
    expect((await api(b.operator).call(assignments.withdraw, { params })).status).toBe(404);
    const still = await api(a.operator).call(assignments.list, { params: { id: a.programId } });
    expect(still.body.items.find((item) => item.id === params.assignment_id)).toMatchObject({ status: 'active' });
  });
});
