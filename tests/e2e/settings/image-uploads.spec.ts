import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { setUpArranger, expectNoSidewaysScroll, signInWithToken, toast } from '../support/arrange.js';
import { axeViolations } from '../support/axe.js';

// Issue 11 item 5, the client: the image field (choose, crop in a dialog, upload, remove) on the profile and the
// user group screens, its refusals in the user's language, and its dialog under axe.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
const stamp = Date.now();
const tokens = { wide: '', narrow: '', french: '' };

/** 600×300: the left half red, the right half blue, so the stored image says which part was kept. */
const twoHalves = () =>
  sharp({ create: { width: 600, height: 300, channels: 3, background: '#2563eb' } })
    .composite([
      {
        input: { create: { width: 300, height: 300, channels: 3, background: '#dc2626' } },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

const UPLOADED = /\/api\/image\/uploads\/[A-Za-z0-9_-]{24,}$/;

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Pictures ${stamp}`);
  for (const key of Object.keys(tokens) as (keyof typeof tokens)[])
    tokens[key] = (await setup.arrange.member(organizationId, 'operator', { first_name: 'Pat', last_name: key })).token;
});

/** Chooses a file through the field's button, as a person would with the system's file picker. */
const chooseFile = async (page: Page, field: Locator, file: { name: string; mimeType: string; buffer: Buffer }) => {
  const chooser = page.waitForEvent('filechooser');
  await field.getByRole('button', { name: /Choose an image|Choisir une image/ }).click();
  await (await chooser).setFiles(file);
};

const preview = (field: Locator) => field.getByRole('img');

for (const [width, who] of [
  [1280, 'wide'],
  [360, 'narrow'],
] as const) {
  test(`[UPLOADS]: a profile picture is chosen, cropped with the keyboard, uploaded and saved, and still there after a reload (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInWithToken(page, tokens[who]);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My profile');
    const field = page.getByRole('group', { name: 'Profile picture' });
    await expect(preview(field)).toHaveAttribute('src', '/images/defaults/avatar.svg');
    await expect(field.getByRole('button', { name: /Remove/ })).toHaveCount(0);

    await chooseFile(page, field, { name: 'halves.png', mimeType: 'image/png', buffer: await twoHalves() });
    const dialog = page.getByRole('dialog', { name: 'Crop the image' });
    await expect(dialog).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The frame starts centred on both halves; moving the image right, key by key, keeps the red half only.
    const frame = dialog.getByRole('group', { name: 'Part of the image to keep' });
    await frame.focus();
    for (let press = 0; press < 30; press++) await page.keyboard.press('ArrowRight');
    await dialog.getByRole('button', { name: 'Use this image' }).click();
    await expect(dialog).toBeHidden();

    await expect(preview(field)).toHaveAttribute('src', UPLOADED);
    const src = (await preview(field).getAttribute('src'))!;
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page)).toContainText('Your profile is saved.');

    const stored = await setup.api.get(src);
    expect(stored.headers()['content-type']).toBe('image/webp');
    const image = sharp(await stored.body());
    expect(await image.metadata()).toMatchObject({ width: 1024, height: 1024 });
    const [red, , blue] = (await image.stats()).channels;
    expect(red!.mean).toBeGreaterThan(180);
    expect(blue!.mean).toBeLessThan(80);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My profile');
    await expect(preview(page.getByRole('group', { name: 'Profile picture' }))).toHaveAttribute('src', src);
    await expectNoSidewaysScroll(page);
  });
}

test('[UPLOADS]: the picture is removed and saved, and the default one shows again', async ({ page }) => {
  await signInWithToken(page, tokens.wide);
  await page.goto('/profile');
  const field = page.getByRole('group', { name: 'Profile picture' });
  await expect(preview(field)).toHaveAttribute('src', UPLOADED);
  await field.getByRole('button', { name: /Remove/ }).click();
  await expect(preview(field)).toHaveAttribute('src', '/images/defaults/avatar.svg');
  await expect(field.getByRole('button', { name: 'Choose an image' })).toBeFocused();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page)).toContainText('Your profile is saved.');
  await page.reload();
  await expect(preview(page.getByRole('group', { name: 'Profile picture' }))).toHaveAttribute(
    'src',
    '/images/defaults/avatar.svg',
  );
});

test('[UPLOADS]: a file that is not an image, named .png, is refused by the server in the user’s language next to the field', async ({
  page,
}) => {
  await signInWithToken(page, tokens.french, { locale: 'fr-FR' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon profil');
  const field = page.getByRole('group', { name: 'Photo de profil' });
  await chooseFile(page, field, {
    name: 'holiday.png',
    mimeType: 'image/png',
    buffer: Buffer.from('Minutes of the Monday meeting, saved as text.\n'),
  });
  // The browser cannot show it, so there is nothing to crop: the server decides, and says why.
  await expect(field.getByRole('alert')).toHaveText(
    'Ce fichier n’est pas une image acceptée\u00a0: envoyez une image JPEG, PNG, GIF ou WebP.',
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(field.getByRole('button', { name: 'Choisir une image' })).toHaveAttribute('aria-describedby', /-error/);
  await expect(preview(field)).toHaveAttribute('src', '/images/defaults/avatar.svg');
});

test('[UPLOADS]: a user group is created with a picture, which its editor and the groups list show', async ({
  page,
}) => {
  await signInWithToken(page, tokens.wide);
  await page.goto('/settings/usergroup/create');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create a user group');
  const name = `Pictured group ${stamp}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  const field = page.getByRole('group', { name: 'Picture' });
  await expect(preview(field)).toHaveAttribute('src', '/images/defaults/usergroup.svg');
  await chooseFile(page, field, { name: 'team.png', mimeType: 'image/png', buffer: await twoHalves() });
  const dialog = page.getByRole('dialog', { name: 'Crop the image' });
  // The zoom slider, by keyboard too.
  await dialog.getByLabel('Zoom').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByLabel('Zoom')).toHaveValue('1.1');
  await dialog.getByRole('button', { name: 'Use this image' }).click();
  await expect(preview(field)).toHaveAttribute('src', UPLOADED);
  const src = (await preview(field).getAttribute('src'))!;
  await page.getByRole('button', { name: 'Create the group' }).click();

  await expect(page).toHaveURL(/\/settings\/usergroup\/edit\//);
  await expect(preview(page.getByRole('group', { name: 'Picture' }))).toHaveAttribute('src', src);
  await page.goto('/settings/user/list?tab=groups');
  await expect(page.getByTestId('group-row').filter({ hasText: name }).locator('img')).toHaveAttribute('src', src);
});

const axe = async (page: Page) => {
  expect(await axeViolations(page)).toEqual([]);
};

for (const theme of ['light', 'dark'] as const) {
  test(`[A11Y]: the profile with the crop dialog open has no serious violation in the ${theme} theme`, async ({
    page,
  }) => {
    await signInWithToken(page, tokens.narrow, { theme });
    await page.goto('/profile');
    const field = page.getByRole('group', { name: 'Profile picture' });
    await expect(preview(field)).toHaveAttribute('src', UPLOADED);
    await axe(page);
    await chooseFile(page, field, { name: 'halves.png', mimeType: 'image/png', buffer: await twoHalves() });
    const dialog = page.getByRole('dialog', { name: 'Crop the image' });
    await expect(dialog.getByRole('group', { name: 'Part of the image to keep' })).toBeVisible();
    await axe(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(field.getByRole('button', { name: 'Choose an image' })).toBeFocused();
  });
}
