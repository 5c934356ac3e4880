import { apiClient, createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import { applicationOperations as op } from '@ai-coaching/contracts';
import { beforeAll, expect, it } from 'vitest';

// Issue 13 §7: the applications catalogue, each organization's installs, who may change them, and whose they are.

await describeApi('[APPLICATIONS]: catalogue and installs', (context) => {
  let superAdmin: string;
  let platformOrganization: string;
  let acme: string;
  let beta: string;
  let acmeOperator: string;
  let acmeUser: string;
  let betaOperator: string;

  beforeAll(async () => {
    ({ token: superAdmin, organizationId: platformOrganization } = context.superAdmin);
    acme = await createTestOrganization(context.server);
    beta = await createTestOrganization(context.server);
    acmeOperator = (await signInAs(context.server, { role: 'operator', organizationId: acme })).token;
    acmeUser = (await signInAs(context.server, { role: 'user', organizationId: acme })).token;
    betaOperator = (await signInAs(context.server, { role: 'operator', organizationId: beta })).token;
  }, 120_000);

  const list = (token: string, organizationId: string, language = 'en-GB') =>
    apiClient(context.server, token).call(
      op.list,
      { params: { id: organizationId } },
      { headers: { 'Accept-Language': language } },
    );

  it('lists AI coaching as installed in a new organization, in the caller’s language', async () => {
    const english = await list(acmeUser, acme);
    expect(english.status).toBe(200);
    expect(english.body.items).toEqual([
      expect.objectContaining({
        id: 'ai-coaching',
        name: 'AI coaching',
        icon: 'coaching',
        entry_path: '/apps/ai-coaching',
        installed: true,
        installed_at: expect.any(String),
      }),
    ]);
    const french = await list(acmeUser, acme, 'fr-FR');
    expect(french.body.items[0]).toMatchObject({ name: 'Coaching IA', installed: true });
  });

  it('installs AI coaching in the platform organization too (organizations created before applications existed)', async () => {
    const answer = await list(superAdmin, platformOrganization);
    expect(answer.body.items[0]).toMatchObject({ id: 'ai-coaching', installed: true });
  });

  it('lets a super-admin remove and reinstall an application, each retried without effect', async () => {
    const admin = apiClient(context.server, superAdmin);
    const params = { id: acme, application_id: 'ai-coaching' };
    expect((await admin.call(op.remove, { params })).status).toBe(204);
    expect((await admin.call(op.remove, { params })).status).toBe(204);
    expect((await list(acmeUser, acme)).body.items[0]).toMatchObject({ installed: false, installed_at: null });
    // Another organization is untouched.
    expect((await list(betaOperator, beta)).body.items[0]).toMatchObject({ installed: true });

    const installed = await admin.call(op.install, { params });
    expect(installed.status).toBe(200);
    expect(installed.body).toMatchObject({ id: 'ai-coaching', installed: true });
    const again = await admin.call(op.install, { params });
    expect(again.body.installed_at).toBe(installed.body.installed_at);
    expect((await list(acmeUser, acme)).body.items[0]).toMatchObject({ installed: true });
  });

  it('keeps installs to super-admins: operators and users get 403', async () => {
    for (const token of [acmeOperator, acmeUser]) {
      const params = { id: acme, application_id: 'ai-coaching' };
      const install = await apiClient(context.server, token).call(op.install, { params });
      const remove = await apiClient(context.server, token).call(op.remove, { params });
      expect([install.status, install.body.code]).toEqual([403, 'forbidden']);
      expect([remove.status, remove.body.code]).toEqual([403, 'forbidden']);
    }
  });

  it('answers 404 for another organization’s applications, as for one that does not exist', async () => {
    const other = await list(betaOperator, acme);
    expect([other.status, other.body.code]).toEqual([404, 'organization_not_found']);
    const missing = await list(superAdmin, 'no-such-organization');
    expect([missing.status, missing.body.code]).toEqual([404, 'organization_not_found']);
  });

  it('answers 404 application_not_found, in the caller’s language, for an id the catalogue does not hold', async () => {
    const answer = await apiClient(context.server, superAdmin).call(
      op.install,
      { params: { id: acme, application_id: 'time-tracking' } },
      { headers: { 'Accept-Language': 'fr-FR' } },
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({
      code: 'application_not_found',
      message: 'Cette application n’existe pas.',
    });
  });
});
