import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectAxeCleanInBothThemes } from '../support/axe.js';
import { expectNoSidewaysScroll, setUpArranger, signInWithToken, toast } from '../support/arrange.js';
import { screenshots } from '../support/screenshots.js';

// Issue 28, parts 4 and 5: Settings → Integrations, its API keys, webhooks, SCIM tokens and bulk import of users.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
const stamp = Date.now();
let organizationId = '';

test.beforeAll(async () => {
  organizationId = await setup.arrange.organization(`Integrators ${stamp}`);
});

test(`[SETTINGS]: an operator creates a key (copies it once) (1280 px)`, async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const operator = await setup.arrange.member(organizationId, 'operator');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithToken(page, operator.token);
  await page.goto('/settings');
  await page
    .getByRole('main')
    .getByRole('link', { name: /Integrations/ })
    .click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Integrations');

  await page.getByRole('button', { name: 'New key' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Data warehouse');
  await page.getByLabel('user-list', { exact: true }).check();
  await page.getByRole('button', { name: 'Create the key' }).click();
  const shown = page.getByTestId('api-key-shown-once');
  await expect(shown).toContainText('it will never be shown again');
  const key = (await page.getByTestId('api-key-value').textContent()) ?? '';
  expect(key).toMatch(/^aic_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page)).toContainText('Key copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await screenshots(page, 'integrations-key-shown');
  await expectAxeCleanInBothThemes(page);

  await shown.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByTestId('api-key-value')).toHaveCount(0);
  const row = page.getByTestId('api-key-row').filter({ hasText: 'Data warehouse' });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText('user-list');
  // The key is never shown again, not even in the page's text.
  expect(await page.content()).not.toContain(key);
});

test(`[SETTINGS]: an operator imports a CSV with one bad row shown in the dry run (360 px)`, async ({ page }) => {
  const operator = await setup.arrange.member(organizationId, 'operator');
  const group = `Sales ${stamp}`;
  await setup.arrange.call('POST', '/v1/user_groups', { name: group, organization_id: organizationId });
  await page.setViewportSize({ width: 360, height: 900 });
  await signInWithToken(page, operator.token);
  await page.goto('/settings/integrations');
  const csv = [
    'email,first_name,last_name,role,groups',
    `grace-${stamp}@import.test,Grace,Hopper,editor,${group}`,
    `boss-${stamp}@import.test,Big,Boss,super-admin,`,
  ].join('\r\n');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  const rows = page.getByTestId('user-import-rows');
  await expect(page.getByTestId('user-import-counts')).toContainText('1 to create');
  await expect(page.getByTestId('user-import-counts')).toContainText('1 row with errors');
  await expect(rows.locator('tr[data-action="error"]')).toContainText('You cannot grant the role super-admin.');
  await expect(rows.locator('tr[data-action="create"]')).toContainText(`grace-${stamp}@import.test`);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'integrations-import-dry-run');
  await expectAxeCleanInBothThemes(page);

  await page.getByRole('button', { name: 'Confirm the import' }).click();
  await expect(page.getByText('Import finished.')).toBeVisible({ timeout: 30_000 });
  await expect(rows.locator('tr[data-action="create"]')).toContainText('Done');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the result' }).click();
  expect((await download).suggestedFilename()).toMatch(/^user-import-.*\.csv$/);
  await screenshots(page, 'integrations-import-done');
});

test(`[SETTINGS]: an operator creates a webhook and sees a test delivery in the log (1280 px)`, async ({
  page,
  context,
}) => {
  // Two deliveries through the job queue, axe in both themes (and screenshots when asked): more than the default.
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The receiver: answers 200 to whatever it is sent (the server runs with WEBHOOK_ALLOW_PRIVATE_NETWORK=true,
  // scripts/e2e-server.mjs, so loopback is allowed).
  const received: string[] = [];
  const receiver: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(body);
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${stamp}`;
  try {
    // An organization of its own, without endpoints, whichever run this is (--repeat-each).
    const hooked = await setup.arrange.organization(`Hooked ${Date.now()}`);
    const operator = await setup.arrange.member(hooked, 'operator');
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithToken(page, operator.token);
    // The link of the mail about an endpoint turned off leads to the page's webhooks.
    await page.goto('/settings/webhooks');
    await expect(page).toHaveURL(/\/settings\/integrations#webhooks$/);
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section.getByText('No webhook endpoints yet.')).toBeVisible();

    await section.getByRole('button', { name: 'New endpoint' }).click();
    await section.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
    await section.getByLabel('A coaching session ended').check();
    await section.getByLabel('Credits running low').check();
    await section.getByRole('textbox', { name: 'Description' }).fill('Our CRM');
    await section.getByRole('spinbutton', { name: 'Low-credit threshold' }).fill('500');
    await section.getByRole('button', { name: 'Create the endpoint' }).click();
    const shown = page.getByTestId('webhook-secret');
    await expect(shown).toContainText('it will never be shown again');
    const secret = (await page.getByTestId('webhook-secret-value').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page)).toContainText('Secret copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshots(page, 'integrations-webhook-secret', section);
    await shown.getByRole('button', { name: 'I have stored it' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);

    const row = page.getByTestId('webhook-row').filter({ hasText: url });
    await expect(row).toContainText('Enabled');
    await expect(row).toContainText('A coaching session ended, Credits running low');
    await expect(row).toContainText('Our CRM');
    await expect(row).toContainText('500');

    await row.getByRole('button', { name: 'Send a test event' }).click();
    await expect(toast(page)).toContainText('Test event queued');
    const delivery = row.getByTestId('webhook-delivery').first();
    await expect(delivery).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
    await expect(delivery).toContainText('Test event');
    await expect(delivery).toContainText('Delivered');
    await expect(delivery.getByTestId('webhook-delivery-code')).toHaveText('200');
    await delivery.getByText('Body sent').click();
    await expect(delivery.locator('pre')).toContainText('"type":"webhook.test"');
    const tests = () => received.filter((body) => body.includes('"webhook.test"')).length;
    expect(tests()).toBe(1);
    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await expect(toast(page)).toContainText('Delivery queued again.');
    await expect.poll(tests, { timeout: 30_000 }).toBe(2);
    await expect(delivery).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
    await expectNoSidewaysScroll(page);
    await screenshots(page, 'integrations-webhook-log', section);
    await expectAxeCleanInBothThemes(page);

    // Turned off by hand: it says so and why.
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(row.getByTestId('webhook-status')).toHaveText('Disabled: turned off by hand');
    await row.getByRole('button', { name: 'Enable' }).click();
    await expect(row.getByTestId('webhook-status')).toHaveText('Enabled');
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test(`[SETTINGS]: an operator creates a SCIM token, shown once beside the base URL (360 px)`, async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const operator = await setup.arrange.member(organizationId, 'operator');
  await page.setViewportSize({ width: 360, height: 900 });
  await signInWithToken(page, operator.token);
  await page.goto('/settings/integrations#scim');
  const section = page.getByRole('region', { name: 'SCIM provisioning' });
  await expect(section.getByTestId('scim-base-url')).toContainText('/scim/v2');
  await section.getByRole('button', { name: 'New SCIM token' }).click();
  await section.getByRole('textbox', { name: 'Name' }).fill('Entra ID');
  await section.getByRole('button', { name: 'Create the token' }).click();
  const shown = page.getByTestId('scim-token');
  await expect(shown).toContainText('it will never be shown again');
  const token = (await page.getByTestId('scim-token-value').textContent()) ?? '';
  expect(token.length).toBeGreaterThan(20);
  await expect(section.getByTestId('scim-base-url')).toContainText(/https?:\/\/\S+\/scim\/v2/);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'integrations-scim-token', section);
  await expectAxeCleanInBothThemes(page);
  await shown.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByTestId('scim-token-value')).toHaveCount(0);
  const row = section.getByTestId('scim-token-row').filter({ hasText: 'Entra ID' });
  await expect(row).toContainText(token.slice(0, 12));
  await expect(row).toContainText('Active');
  expect(await page.content()).not.toContain(token);

  await row.getByRole('button', { name: /Revoke/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page)).toContainText('Token revoked.');
  await expect(row).toContainText('Revoked');
});
