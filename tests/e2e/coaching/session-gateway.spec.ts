import { expect, test, type WebSocketRoute } from '@playwright/test';
import { setUpArranger, signInWithToken } from '../support/arrange.js';

// Issue 12: the browser plays through the gateway, the reply streams in, and a socket that drops in the middle of a
// reply loses and repeats nothing (docs/coaching-sessions.md, "Streaming over the gateway").

const setup = setUpArranger();
let learnerToken = '';
let scenarioId = '';
const stamp = Date.now();
const LIBRARY_SCENARIO = 'Price negotiation: the sceptical buyer';

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Gateway ${stamp}`);
  learnerToken = (await setup.arrange.member(organizationId, 'user', { first_name: 'Gabi', last_name: 'Gateway' }))
    .token;
  const library = (await (
    await setup.api.get(`/v1/coaching/scenarios?source=library&q=${encodeURIComponent(LIBRARY_SCENARIO)}`, {
      headers: { authorization: `Bearer ${learnerToken}` },
    })
  ).json()) as { items: { id: string }[] };
  scenarioId = library.items[0]!.id;
});

test('[SESSION]: turns go over the gateway and stream; a socket dropped mid-reply resumes without losing or repeating a turn', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const fromClient: string[] = [];
  const fromServer: string[] = [];
  let drop = false;
  let dropped = 0;
  // Every socket of the page passes through here: the frames are read, and one is cut right after the first delta
  // of a reply while `drop` is set, as a network would.
  await page.routeWebSocket(/\/socket\.io\//, (socket: WebSocketRoute) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      fromClient.push(String(message));
      server.send(message);
    });
    server.onMessage((message) => {
      const frame = String(message);
      fromServer.push(frame);
      socket.send(message);
      if (drop && frame.startsWith('42["session.reply.delta"')) {
        drop = false;
        dropped += 1;
        void socket.close({ code: 4000, reason: 'network lost' });
        void server.close();
      }
    });
  });

  await signInWithToken(page, learnerToken);
  await page.goto(`/apps/ai-coaching/scenario/info-${scenarioId}`);
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page).toHaveURL(/\/session\/play-/);
  const transcript = page.getByRole('list', { name: 'Conversation' });
  await expect(transcript.getByRole('listitem')).toHaveCount(1);
  await expect.poll(() => fromServer.some((frame) => frame.startsWith('40'))).toBe(true);

  await page.getByLabel('Your message').fill('What would make this worth it for you?');
  await page.getByRole('button', { name: 'Send' }).click();
  // The acknowledgement (`43…`) follows the reply's deltas.
  await expect.poll(() => fromServer.filter((frame) => frame.startsWith('43')).length).toBe(1);
  await expect(transcript.getByRole('listitem')).toHaveCount(3);
  expect(fromClient.filter((frame) => frame.includes('"session.turn"'))).toHaveLength(1);
  expect(fromServer.filter((frame) => frame.startsWith('42["session.reply.delta"')).length).toBeGreaterThan(1);

  drop = true;
  await page.getByLabel('Your message').fill('Let us look at the return on investment together.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => dropped).toBe(1);
  // The reply is whole once, after the learner's turn once, and nothing waits or fails.
  await expect(transcript.getByRole('listitem')).toHaveCount(5);
  await expect(transcript.getByRole('listitem').nth(3)).toHaveText(/return on investment together/);
  await expect(transcript.getByRole('listitem').nth(4)).not.toHaveText('');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'in-progress');
  await page.reload();
  await expect(transcript.getByRole('listitem')).toHaveCount(5);
});
