import { readFileSync } from 'node:fs';
import { isTerminalCoachingSessionStatus } from '@ai-coaching/domain';
import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, setUpArranger, signInWithToken } from '../support/arrange.js';
import { expectAxeClean } from '../support/axe.js';
import { LOSING_PRICE_LINES, WINNING_PRICE_LINES } from '../support/coaching.js';
import { isMailTo } from '../support/mail-sink.js';
import { screenshots } from '../support/screenshots.js';

// Issue 27 (first screens): a learner assigned a program through their group finds it first on their coaching home,
// with its due date on the assignment's clock, its progress item by item, and the way on.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
const stamp = Date.now();
const PROGRAM = `Sales onboarding ${stamp}`;
const SCENARIO = 'Price negotiation: the sceptical buyer';
const PLAYLIST = 'Difficult conversations: first steps';
let learnerToken = '';
let learnerEmail = '';
let operatorToken = '';
let programId = '';
const late = { email: '' };
const CERTIFIED = `Price certification ${stamp}`;
const ONE_TRY = `Price check ${stamp}`;
const oneTry = { programId: '', learnerToken: '' };

test.beforeAll(async () => {
  const { arrange } = setup;
  const organizationId = await arrange.organization(`Programs ${stamp}`);
  const operator = await arrange.member(organizationId, 'operator');
  const learner = await arrange.member(organizationId, 'user', { first_name: 'Lena', last_name: 'Learner' });
  learnerToken = learner.token;
  learnerEmail = learner.email;
  operatorToken = operator.token;
  const lateLearner = await arrange.member(organizationId, 'user', { first_name: 'Luke', last_name: 'Late' });
  late.email = lateLearner.email;
  const group = await arrange.call('POST', '/v1/user_groups', {
    name: `Sales ${stamp}`,
    organization_id: organizationId,
  });
  await arrange.call('POST', `/v1/user_groups/add_member/${group.id}`, { user_id: learner.id });
  const library = async (kind: 'scenarios' | 'playlists', name: string) => {
    const page = await setup.api.get(`/v1/coaching/${kind}?q=${encodeURIComponent(name)}&source=library`, {
      headers: { authorization: `Bearer ${operator.token}` },
    });
    const found = ((await page.json()) as { items: { id: string; name: string; language: string }[] }).items;
    return found.find((item) => item.name === name)!.id;
  };
  const program = await arrange.call(
    'POST',
    '/v1/coaching/programs',
    {
      name: PROGRAM,
      items: [
        { scenario_id: await library('scenarios', SCENARIO) },
        { playlist_id: await library('playlists', PLAYLIST) },
      ],
      pass_rule: { min_score: 70, attempts: 3, counts: 'best', in_order: true },
    },
    operator.token,
  );
  programId = program.id;
  await arrange.call('POST', `/v1/coaching/programs/${program.id}/publish`, undefined, operator.token);
  // Due in a moment: overdue by the time the manager looks.
  await arrange.call(
    'POST',
    `/v1/coaching/programs/${program.id}/assignments`,
    { assignees: [{ user_id: lateLearner.id }], due_at: new Date(Date.now() + 3000).toISOString(), time_zone: 'UTC' },
    operator.token,
  );
  // One scenario to pass, for the certificate: the thresholds themselves are specified by the unit and API specs.
  const certified = await arrange.call(
    'POST',
    '/v1/coaching/programs',
    { name: CERTIFIED, items: [{ scenario_id: await library('scenarios', SCENARIO) }], pass_rule: { min_score: 0 } },
    operator.token,
  );
  await arrange.call('POST', `/v1/coaching/programs/${certified.id}/publish`, undefined, operator.token);
  // One attempt at 70: a learner who plays it badly has failed it, until a manager grants another.
  const checked = await arrange.member(organizationId, 'user', { first_name: 'Finn', last_name: 'Fail' });
  oneTry.learnerToken = checked.token;
  const check = await arrange.call(
    'POST',
    '/v1/coaching/programs',
    {
      name: ONE_TRY,
      items: [{ scenario_id: await library('scenarios', SCENARIO) }],
      pass_rule: { min_score: 70, attempts: 1 },
    },
    operator.token,
  );
  oneTry.programId = check.id;
  await arrange.call('POST', `/v1/coaching/programs/${check.id}/publish`, undefined, operator.token);
  await arrange.call(
    'POST',
    `/v1/coaching/programs/${check.id}/assignments`,
    { assignees: [{ user_id: checked.id }], due_at: '2031-06-30T17:00:00.000Z', time_zone: 'UTC' },
    operator.token,
  );
  await arrange.call(
    'POST',
    `/v1/coaching/programs/${certified.id}/assignments`,
    { assignees: [{ user_group_id: group.id }], due_at: '2031-06-30T17:00:00.000Z', time_zone: 'Europe/Paris' },
    operator.token,
  );
  await arrange.call(
    'POST',
    `/v1/coaching/programs/${program.id}/assignments`,
    {
      assignees: [{ user_group_id: group.id }],
      due_at: '2031-03-14T17:00:00.000Z',
      time_zone: 'Europe/Paris',
      message: 'Finish it before the spring kick-off.',
    },
    operator.token,
  );
});

test('[PROGRAM]: a learner is told by mail, finds their assignment first on the coaching home, and goes on from it', async ({
  page,
}) => {
  const mail = await setup.sink.waitFor(
    (message) => isMailTo(message, learnerEmail) && message.subject === `New assignment: ${PROGRAM}`,
    15_000,
  );
  expect(mail.text).toContain('Finish it before the spring kick-off.');
  expect(mail.text).toMatch(/It is due by Friday,? 14 March 2031 at 18:00 CET\./);
  await signInWithToken(page, learnerToken);
  await page.goto('/apps/ai-coaching');
  const section = page.getByRole('region', { name: 'My assignments' });
  await expect(section).toBeVisible();
  // First: before what they may practise.
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings[0]).toBe('My assignments');
  // Due soonest first: this one before the certification, due in June.
  await expect(section.getByTestId('assignment').getByRole('heading', { level: 3 })).toHaveText([PROGRAM, CERTIFIED]);
  const card = section.getByTestId('assignment').filter({ hasText: PROGRAM });
  await expect(card).toHaveAttribute('data-status', 'not_started');
  await expect(card.getByText('To do')).toBeVisible();
  // 17:00 UTC is 18:00 in Paris in March.
  await expect(card.getByText(/Due 14 Mar 2031, 18:00/)).toBeVisible();
  await expect(card.getByText('Finish it before the spring kick-off.')).toBeVisible();
  await expect(card.getByText('0 of 2 items passed')).toBeVisible();
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  const items = card.getByTestId('assignment-item');
  await expect(items.nth(0)).toContainText(`Scenario: ${SCENARIO}`);
  await expect(items.nth(0)).toContainText('Not played yet · 3 attempts left');
  await expect(items.nth(1)).toContainText(`Playlist: ${PLAYLIST}`);
  await expect(items.nth(1)).toContainText('opens once the items before it are passed');
  await expectAxeClean(page);
  await screenshots(page, 'my-assignments', section);

  // Reminders can be turned off, and stay off.
  const reminders = card.getByLabel('Remind me by email before the due date');
  await reminders.uncheck();
  await expect(reminders).toBeEnabled();
  await page.reload();
  await expect(reminders).not.toBeChecked();
  await reminders.check();
  await expect(reminders).toBeEnabled();

  await card.getByRole('link', { name: `Continue ${PROGRAM}` }).click();
  await expect(page).toHaveURL(/\/scenario\/info-/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SCENARIO);
});

test('[PROGRAM]: the assignment fits 360 px and passes axe in the dark theme, in French', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInWithToken(page, learnerToken, { theme: 'dark', locale: 'fr-FR' });
  await page.goto('/apps/ai-coaching');
  const section = page.getByRole('region', { name: 'Mes assignations' });
  await expect(section.getByTestId('assignment').filter({ hasText: PROGRAM }).getByText('À faire')).toBeVisible();
  await expect(section.getByText('Éléments validés : 0 sur 2')).toBeVisible();
  await expect(section.getByText(/À rendre le 14 mars 2031/)).toBeVisible();
  await expectAxeClean(page);
  await expectNoSidewaysScroll(page);
});

test('[PROGRAM]: an operator assigns the program to a group from its page and follows its learners; the overdue one shows, and is in the CSV', async ({
  page,
}) => {
  await signInWithToken(page, operatorToken);
  await page.goto(`/apps/ai-coaching/program/edit/${programId}`);
  const section = page.getByRole('region', { name: 'Assignments' });
  await expect(section.getByTestId('program-assignment')).toHaveCount(2);
  // Nothing chosen: said next to the fields.
  await section.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(section.getByText('Choose at least one group or person.')).toBeVisible();
  await expect(section.getByText('Choose the due date and time.')).toBeVisible();
  await section.getByRole('group', { name: 'Groups' }).getByLabel(`Sales ${stamp}`).check();
  await section.getByLabel('Due date').fill('2031-06-30T17:00');
  await section.getByLabel('Time zone').selectOption('Europe/Paris');
  await section.getByLabel('Message').fill('Second round.');
  await section.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByTestId('toast').last()).toContainText('The program is assigned.');
  await expect(section.getByTestId('program-assignment')).toHaveCount(3);
  const second = section.getByTestId('program-assignment').filter({ hasText: 'Second round.' });
  await expect(second).toContainText('Due 30 Jun 2031, 17:00 CEST');
  await expect(second.getByTestId('assignment-learner')).toContainText('Lena Learner');

  // The one due in a moment, on UTC's clock (the others are on Paris's).
  const overdue = section.getByTestId('program-assignment').filter({ hasText: /\d\d:\d\d UTC/ });
  await expect(overdue.getByTestId('assignment-learner')).toHaveAttribute('data-status', 'overdue');
  await expect(overdue.getByTestId('assignment-learner')).toContainText('Overdue');
  await overdue.getByLabel('Show').selectOption({ label: 'Passed' });
  await expect(overdue.getByText('No learner matches these filters.')).toBeVisible();
  await overdue.getByLabel('Show').selectOption({ label: 'Everyone' });
  // Named alone, the late learner is in no group: the group's filter leaves nobody.
  await overdue.getByLabel('Group').selectOption({ label: `Sales ${stamp}` });
  await expect(overdue.getByText('No learner matches these filters.')).toBeVisible();
  await overdue.getByLabel('Group').selectOption({ label: 'All groups' });
  await expect(overdue.getByTestId('assignment-learner')).toHaveCount(1);
  const download = page.waitForEvent('download');
  await overdue.getByRole('button', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('User id,First name,Last name,Email,Status,Items passed,Items,Due,Reminders sent');
  expect(csv).toContain(`${late.email},Overdue,0,2,`);
  await expectAxeClean(page);
  await screenshots(page, 'program-assignments', section);
});

test('[PROGRAM]: a learner plays an assigned program to a pass, is told, downloads the certificate, and anyone can check it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInWithToken(page, learnerToken);
  await page.goto('/apps/ai-coaching');
  const card = page.getByTestId('assignment').filter({ hasText: CERTIFIED });
  await expect(card.getByLabel('Remind me by email before the due date')).toBeChecked();
  await card.getByRole('link', { name: `Continue ${CERTIFIED}` }).click();
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page).toHaveURL(/\/session\/play-/);
  const transcript = page.getByRole('list', { name: 'Conversation' });
  await expect(transcript.getByRole('listitem')).toHaveCount(1);
  for (const [index, line] of WINNING_PRICE_LINES.entries()) {
    await page.getByLabel('Your message').fill(line);
    await page.getByRole('button', { name: 'Send' }).click();
    if (index < WINNING_PRICE_LINES.length - 1) {
      await expect(transcript.getByRole('listitem')).toHaveCount(3 + 2 * index);
    }
  }
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'win');

  // The report comes after the session; once in, the assignment is passed and its certificate issued.
  const mail = await setup.sink.waitFor(
    (message) => isMailTo(message, learnerEmail) && message.subject === `You passed: ${CERTIFIED}`,
    90_000,
  );
  const certificateUrl = /https?:\/\/\S+\/certificates\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0];
  expect(certificateUrl).toBeDefined();
  await page.goto('/apps/ai-coaching');
  // The bell tells them too: the pass first, then the assignments, unread.
  const bell = page.getByTestId('notices-button');
  await expect(bell).toHaveAccessibleName(/^Notices, [1-9]\d* unread$/);
  await bell.click();
  const notices = page.getByRole('region', { name: 'Notices' });
  await expect(notices.getByTestId('notice').first()).toContainText(
    `You passed ${CERTIFIED}: your certificate is ready`,
  );
  await expect(notices.getByTestId('notice').first()).toHaveAttribute('data-read', 'false');
  await expect(notices.getByText(`New assignment: ${CERTIFIED}, due 30 Jun 2031, 19:00 CEST`)).toBeVisible();
  await expectAxeClean(page);
  await screenshots(page, 'notices', notices);
  await notices.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notices, 0 unread');
  await bell.click();
  await expect(card).toHaveAttribute('data-status', 'passed');
  await expect(card.getByText('1 of 1 item passed')).toBeVisible();
  await card.getByRole('link', { name: `See my certificate ${CERTIFIED}` }).click();
  await expect(page).toHaveURL(/\/certificates\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Certificate of completion');
  await expect(page.getByTestId('certificate-learner')).toHaveText('Lena Learner');
  await expect(page.getByTestId('certificate-program')).toHaveText(`${CERTIFIED} (version 1)`);
  expect(new URL(certificateUrl!).pathname).toBe(new URL(page.url()).pathname);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the PDF' }).click();
  const pdf = readFileSync(await (await download).path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain('/Lang (en-GB)');
  await expectAxeClean(page);
  await screenshots(page, 'certificate');

  // Anyone given the address checks it, signed out, in their language, at 360 px in the dark theme.
  const stranger = await browser.newContext({
    locale: 'fr-FR',
    colorScheme: 'dark',
    viewport: { width: 360, height: 800 },
  });
  const visitor = await stranger.newPage();
  // A context of its own has no base URL: the page's address, whatever PUBLIC_URL says.
  const origin = new URL(page.url()).origin;
  await visitor.goto(`${origin}${new URL(certificateUrl!).pathname}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Certificat de réussite');
  await expect(visitor.getByTestId('certificate-learner')).toHaveText('Lena Learner');
  await expect(visitor.getByRole('link', { name: 'Télécharger le PDF' })).toHaveAttribute('href', /lang=fr-FR$/);
  await expectAxeClean(visitor);
  await expectNoSidewaysScroll(visitor);
  await visitor.goto(`${origin}/certificates/not-a-certificate`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Certificat introuvable');
  await stranger.close();
});

test('[PROGRAM]: a learner who used their only attempt badly has failed; a manager grants one more, and it is in progress again', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInWithToken(page, oneTry.learnerToken);
  await page.goto('/apps/ai-coaching');
  const card = page.getByTestId('assignment').filter({ hasText: ONE_TRY });
  await card.getByRole('link', { name: `Continue ${ONE_TRY}` }).click();
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page).toHaveURL(/\/session\/play-/);
  const status = page.getByTestId('session-status');
  const transcript = page.getByRole('list', { name: 'Conversation' });
  await expect(transcript.getByRole('listitem')).toHaveCount(1);
  const ended = async () => isTerminalCoachingSessionStatus((await status.getAttribute('data-status')) ?? '');
  for (const [index, line] of LOSING_PRICE_LINES.entries()) {
    if (await ended()) break;
    await page.getByLabel('Your message').fill(line);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(async () => (await ended()) || (await transcript.getByRole('listitem').count()) >= 3 + 2 * index)
      .toBe(true);
  }
  // The built-in engine loses or ends every weak conversation of the corpus (starter-corpus.unit.spec.ts).
  await expect.poll(ended).toBe(true);

  // Once its report is in, the only attempt is used and below the minimum: failed.
  await expect(async () => {
    await page.goto('/apps/ai-coaching');
    await expect(card).toHaveAttribute('data-status', 'failed', { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(card.getByText('Did not pass').first()).toBeVisible();

  await signInWithToken(page, operatorToken);
  await page.goto(`/apps/ai-coaching/program/edit/${oneTry.programId}`);
  const row = page.getByRole('region', { name: 'Assignments' }).getByTestId('assignment-learner');
  await expect(row).toHaveAttribute('data-status', 'failed');
  await row.getByRole('button', { name: 'One more attempt on item 1 — Finn Fail' }).click();
  await expect(page.getByTestId('toast').last()).toContainText('Finn Fail has one more attempt on item 1.');
  await expect(row).toHaveAttribute('data-status', 'in_progress');
  await expect(row.getByRole('button', { name: /One more attempt/ })).toHaveCount(0);
  await expectAxeClean(page);

  // The managers' panel in French, at 360 px in the dark theme.
  await page.setViewportSize({ width: 360, height: 800 });
  await signInWithToken(page, operatorToken, { theme: 'dark', locale: 'fr-FR' });
  await page.goto(`/apps/ai-coaching/program/edit/${oneTry.programId}`);
  const french = page.getByRole('region', { name: 'Assignations' });
  await expect(french.getByTestId('assignment-learner')).toContainText('En cours');
  await expect(french.getByLabel('Groupe')).toBeVisible();
  await expectAxeClean(page);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'program-assignments-fr', french);
});
