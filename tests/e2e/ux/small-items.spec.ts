import { expect, test, type Page, type Route } from '@playwright/test';
import { seeder } from '../support/seed.js';
import { signInWithStoredToken } from '../support/session.js';

// Issue 9 §1.9, the client's smaller items.
const stamp = Date.now();
const ids = { acme: '', beta: '', group: '', member: '', poor: '' };
/** The seeded super-admin's token: the specs here are not about signing in (auth/ has the form). */
let adminToken = '';
const ACME = `Acme ${stamp}`;
const BETA = `Beta ${stamp}`;
const GROUP = `Group ${stamp}`;

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL! });
  const seed = await seeder(api);
  adminToken = seed.token;
  ids.acme = await seed.organization(ACME, 100);
  ids.beta = await seed.organization(BETA);
  ids.member = await seed.user(ids.acme, { email: `member-${stamp}@e2e.test`, first_name: 'Mia', last_name: 'Member' });
  ids.poor = await seed.user(ids.acme, { email: `zero-${stamp}@e2e.test`, first_name: 'Zoé', last_name: 'Zéro' });
  ids.group = await seed.group(ids.acme, GROUP);
  await seed.addMember(ids.group, ids.member);
  await api.dispose();
});

const inFrench = async (page: Page) => {
  await page.getByLabel('Language').selectOption('fr-FR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
};

// Each list with no items at all says "nothing yet"; with a search that finds nothing, "nothing matches".
const LISTS = [
  {
    path: '/settings/user/list?tab=groups',
    api: '/v1/user_groups',
    search: 'Search groups',
    none: 'There are no groups yet.',
    noMatch: 'No groups match.',
  },
  {
    path: '/settings/user/list',
    api: '/v1/users',
    search: 'Search by name or email',
    none: 'There are no users yet.',
    noMatch: 'No users match.',
  },
  {
    path: '/settings/organization/list',
    api: '/v1/organizations',
    search: 'Search organizations',
    none: 'There are no organizations yet.',
    noMatch: 'No organizations match.',
  },
];

const emptyPage = (route: Route) => route.fulfill({ json: { items: [], total: 0, page: 1, page_size: 12 } });

// Each behaviour at one width, a phone's or a laptop's: both layouts go through the file's screens without every
// behaviour running twice (the suite's time is Chromium's); shell/mobile.spec.ts checks the layouts themselves.
test.describe('360 px', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('[UX]: the reset form says to ask for a new link once, with the link', async ({ page }) => {
    await page.goto('/?reset_code=not-a-real-code#reset-password');
    const password = 'A-new-Passw0rd-for-e2e!';
    const fields = page.getByLabel('New password', { exact: true });
    if (await fields.isVisible()) {
      await fields.fill(password);
      await page.getByLabel('Confirm the new password').fill(password);
      await page.getByRole('button', { name: 'Save the new password' }).click();
    }
    const alert = page.getByRole('alert').filter({ hasText: 'reset link' });
    await expect(alert).toContainText('This reset link is not valid.');
    await expect(alert).not.toContainText('Ask for a new one');
    await expect(alert.getByRole('link', { name: 'Ask for a new link' })).toHaveCount(1);
  });

  test('[UX]: French elides "de" before a vowel and counts 0 as singular', async ({ page }) => {
    await signInWithStoredToken(page, adminToken);
    await page.goto(`/settings/organization/transaction/${ids.acme}`);
    await inFrench(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Crédits d’${ACME}`);
    await expect(page.getByRole('heading', { name: `Portefeuille d’${ACME}` })).toBeVisible();
    await page.goto(`/settings/organization/transaction/${ids.beta}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Crédits de ${BETA}`);
    await page.goto(`/settings/organization/transaction/history/${ids.acme}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Mouvements de crédits d’${ACME}`);

    await page.goto(`/settings/user/list?organization_id=${ids.acme}`);
    await expect(page.getByTestId('user-row').filter({ hasText: 'Zoé Zéro' })).toContainText('0 crédit');
    await expect(page.getByTestId('user-row').filter({ hasText: 'Zoé Zéro' })).not.toContainText('0 crédits');
    await page.goto('/settings/user/list?tab=groups');
    await expect(page.getByTestId('group-row').filter({ hasText: GROUP })).toContainText('1 membre');
  });

  test('[UX]: a super-admin chooses the organization of an invitation', async ({ page }) => {
    await signInWithStoredToken(page, adminToken);
    await page.goto('/settings/user/create');
    const organization = page.getByLabel('Organization');
    await expect(organization).toHaveValue('');
    await page.getByLabel('Email address').fill(`invited-${stamp}@e2e.test`);
    await page.getByLabel('First name').fill('Ines');
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(organization).toHaveAccessibleDescription('Choose the organization the person joins.');
    await expect(page).toHaveURL(/\/settings\/user\/create$/);
    await organization.selectOption(ids.beta);
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(page).toHaveURL(/\/settings\/user\/edit\/[\w-]+$/);
  });

  for (const list of LISTS) {
    test(`[UX]: ${list.path} tells "nothing yet" from "nothing matches"`, async ({ page }) => {
      await signInWithStoredToken(page, adminToken);
      await page.route(
        (url) => url.pathname === list.api,
        (route) => emptyPage(route),
      );
      await page.goto(list.path);
      await expect(page.getByText(list.none)).toBeVisible();
      await expect(page.getByText(list.noMatch)).toHaveCount(0);
      await page.getByLabel(list.search).fill('zzz');
      await expect(page.getByText(list.noMatch)).toBeVisible();
      await expect(page.getByText(list.none)).toHaveCount(0);
    });
  }

  test('[UX]: each dashboard figure links to its list', async ({ page }) => {
    await signInWithStoredToken(page, adminToken);
    const figures: [string, RegExp][] = [
      ['figure-users', /\/settings\/user\/list$/],
      ['figure-groups', /\/settings\/user\/list\?tab=groups$/],
      ['figure-organizations', /\/settings\/organization\/list$/],
      ['figure-organization-credits', /\/settings\/organization\/transaction\/history\/[\w-]+$/],
      ['figure-my-credits', /\/profile$/],
    ];
    for (const [testId, target] of figures) {
      await page.goto('/dashboard');
      await page
        .getByRole('link')
        .filter({ has: page.getByTestId(testId) })
        .click();
      await expect(page, testId).toHaveURL(target);
    }
  });
});

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('[UX]: French gives deallocating and removing a member different verbs', async ({ page }) => {
    await signInWithStoredToken(page, adminToken);
    await page.goto(`/settings/usergroup/edit/${ids.group}`);
    await inFrench(page);
    await expect(page.getByRole('button', { name: 'Attribuer', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reprendre', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Retirer/ })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Retirer/ })).toContainText('Retirer');
    await expect(page.getByTestId('members')).toContainText('Mia Member');
  });

  test('[UX]: the allocation target is not preselected, and a missing choice is said next to it', async ({ page }) => {
    await signInWithStoredToken(page, adminToken);
    await page.goto(`/settings/organization/transaction/${ids.acme}`);
    const who = page.getByLabel('Who');
    await expect(who).toHaveValue('');
    await page.getByLabel('Number of credits').fill('5');
    await page.getByRole('button', { name: 'Allocate', exact: true }).click();
    await expect(who).toHaveAccessibleDescription('Choose who receives or gives back the credits.');
    await expect(page.getByTestId('toast')).toHaveCount(0);

    await who.selectOption('group');
    const picker = page.getByLabel('User group');
    await expect(picker).toHaveValue('');
    await page.getByRole('button', { name: 'Allocate', exact: true }).click();
    await expect(picker).toHaveAccessibleDescription('Choose one in the list.');
    // What was typed stays while the choice is made.
    await expect(page.getByLabel('Number of credits')).toHaveValue('5');
    await picker.selectOption(ids.group);
    await page.getByRole('button', { name: 'Allocate', exact: true }).click();
    await expect(page.getByTestId('toast').last()).toContainText(`5 credits allocated to ${GROUP}`);
  });

  test('[UX]: the login form puts the cursor in the email field', async ({ page }) => {
    await page.goto('/#login');
    await expect(page.getByLabel('Email address')).toBeFocused();
  });

  test('[UX]: a slow list shows it is loading, the first time and for the next page', async ({ page }) => {
    await signInWithStoredToken(page, adminToken);
    const held: (() => void)[] = [];
    // Requests are held while `holding`; releasing lets the held ones and any later one through (the page may
    // show its state before a request reaches the route, and may ask twice while it settles).
    let holding = true;
    const releaseAll = async () => {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      holding = false;
      held.splice(0).forEach((release) => release());
    };
    await page.route(
      (url) => url.pathname === '/v1/organizations',
      async (route) => {
        if (holding) {
          await new Promise<void>((resolve) => {
            held.push(resolve);
            setTimeout(resolve, 10_000);
          });
        }
        await route.continue().catch(() => undefined);
      },
    );
    await page.goto('/settings/organization/list');
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
    await expect(page.getByTestId('organization-row')).toHaveCount(0);
    await releaseAll();
    await expect(page.getByTestId('organization-row').first()).toBeVisible();

    // The next page keeps the rows on screen, under a progress line.
    holding = true;
    await page.getByLabel('Search organizations').fill(String(stamp));
    await expect(page.locator('[aria-busy="true"]').getByRole('status')).toBeAttached();
    await expect(page.getByTestId('organization-row').first()).toBeVisible();
    await releaseAll();
    await expect(page.getByTestId('organization-row')).toHaveCount(2);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  });

  test('[UX]: every list offers its create action the same way: a link styled as the primary button', async ({
    page,
  }) => {
    await signInWithStoredToken(page, adminToken);
    const styles: string[] = [];
    for (const [path, name] of [
      ['/settings/organization/list', 'Create an organization'],
      ['/settings/user/list', 'Invite a user'],
      ['/settings/user/list?tab=groups', 'Create a group'],
    ] as const) {
      await page.goto(path);
      const action = page.getByRole('link', { name, exact: true });
      await expect(action, path).toBeVisible();
      await expect(page.getByRole('button', { name, exact: true }), path).toHaveCount(0);
      styles.push(await action.evaluate((link) => getComputedStyle(link).backgroundColor));
    }
    expect(new Set(styles).size).toBe(1);
  });
});
