import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN } from '../support/session.js';

// Issue 9, item 1.6: the server's messages showed as "Some fields are missing or invalid…", in English in the French
// interface. The client now says its language on every request, the API answers in it, and each form puts the
// field's own message next to the field.

test.use({ locale: 'fr-FR' });

const FIRST_NAME_MAX = 100;

/** The login form of the landing page, in French. */
const logInInFrench = async (page: Page) => {
  await page.goto('/#login');
  await page.getByLabel('Adresse e-mail').fill(ADMIN.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
};

/** The field says what is wrong with it: marked invalid, the message in its description and on screen. */
const expectFieldMessage = async (field: Locator, message: string | RegExp) => {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
};

// Each behaviour at one width, a phone's or a laptop's: both layouts go through the file's screens without every
// behaviour running twice (the suite's time is Chromium's); shell/mobile.spec.ts checks the layouts themselves.
test.describe('360 px', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test(`[I18N]: the login form says a too-long address is too long, in French, next to the field`, async ({ page }) => {
    await page.goto('/#login');
    const email = page.getByLabel('Adresse e-mail');
    await email.fill(`${'a'.repeat(250)}@example.test`);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expectFieldMessage(email, 'Trop long\u00a0: saisissez au plus 254 caractères.');
    // A missing password is missing, said in the form's own words.
    await expectFieldMessage(page.getByLabel('Mot de passe', { exact: true }), 'Saisissez votre mot de passe.');
  });

  test(`[I18N]: my profile says a too-long first name is too long, not missing, in French`, async ({ page }) => {
    await logInInFrench(page);
    await page.goto('/profile');
    const firstName = page.getByLabel('Prénom');
    await firstName.fill('A'.repeat(FIRST_NAME_MAX + 1));
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expectFieldMessage(firstName, `Trop long\u00a0: saisissez au plus ${FIRST_NAME_MAX} caractères.`);
    await expect(firstName).not.toHaveAccessibleDescription(/Renseignez|Saisissez votre prénom/);
    await expect(page.getByRole('alert').filter({ hasText: 'Certains champs' })).toHaveCount(0);
  });
});

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test(`[I18N]: the invitation form puts the API's "address taken" next to the email, in French`, async ({ page }) => {
    await logInInFrench(page);
    await page.goto('/settings/user/create');
    const email = page.getByLabel('Adresse e-mail');
    await email.fill(ADMIN.email);
    await page.getByLabel('Prénom').fill('Ada');
    const organization = page.getByLabel('Organisation');
    const firstOrganization = await organization.locator('option:not([value=""])').first().getAttribute('value');
    await organization.selectOption(firstOrganization!);
    await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await expectFieldMessage(email, 'Un autre compte utilise déjà cette adresse e-mail.');
    // Said next to the field, not as the generic "some fields are invalid" of the whole form.
    await expect(page.getByText('Some fields are missing or invalid')).toHaveCount(0);
    await expect(page.getByText('Another account already uses')).toHaveCount(0);
  });

  test(`[I18N]: the password change puts the API's refusal of the current password next to it, in French`, async ({
    page,
  }) => {
    await logInInFrench(page);
    await page.goto('/profile/change-password');
    const current = page.getByLabel('Mot de passe actuel');
    await current.fill('Not-The-Passw0rd!');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Brand-New-Passw0rd!');
    await page.getByLabel('Confirmez le nouveau mot de passe').fill('Brand-New-Passw0rd!');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expectFieldMessage(current, 'Votre mot de passe actuel est incorrect.');
  });
});
