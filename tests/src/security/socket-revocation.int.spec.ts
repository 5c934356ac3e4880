import { performance } from 'node:perf_hooks';
import { starterLibraryItemId } from '@ai-coaching/application';
import {
  apiClient,
  createTestOrganization,
  signInAs,
  startTestServer,
  startTestServerOn,
  testEngines,
  type TestServer,
} from '@ai-coaching/api/testing';
import {
  authOperations as auth,
  coachingSessionOperations as sessions,
  errorText,
  PROTOCOL_VERSION,
  sharedSessionOperations as links,
  userOperations as users,
  type ClientToServerEvents,
  type CoachingSessionTurnAnswer,
  type GatewayResult,
  type GatewayRevoked,
  type ServerToClientEvents,
} from '@ai-coaching/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// Revocation reaches open sockets (docs/security.md): a logout, a disabled account, a role change, a withdrawn or
// expired share link close the sockets opened before them, with the reason, and no turn plays after. On PostgreSQL,
// with a second server on the same database for the change announced by NOTIFY.

type GatewaySocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const engines = await testEngines();
const engine = engines.find((candidate) => candidate.name === 'postgres' && candidate.available) ?? engines[0]!;
/** From the change to the socket's disconnection, at most (measured: docs/security.md). */
const REVOCATION_BOUND_MS = 2000;
// Both servers sign and verify tokens with the same secret, wherever each would keep a generated one.
const AUTH_SECRET = 'socket-revocation-spec-secret-0123456789abcdef';

type Watched = {
  socket: GatewaySocket;
  welcome: Promise<{ role: string }>;
  /** What `gateway.revoked` said, and when (performance.now()). */
  revoked: Promise<GatewayRevoked & { at: number }>;
  /** When the socket was disconnected, and why as the client saw it. */
  closed: Promise<{ at: number; reason: string }>;
};

const withinMs = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms)),
  ]);

describe(`[SECURITY]: revocation reaches open sockets, on ${engine.name}`, () => {
  let server: TestServer;
  let organizationId = '';
  let operator = '';
  let sharer = '';
  const freeScenario = starterLibraryItemId('scenario', 'price', 'en-GB');
  const open: GatewaySocket[] = [];
  const api = (token?: string) => apiClient(server, token);

  const socketOf = async (token: string, url = server.url): Promise<Watched> => {
    const socket: GatewaySocket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token, protocolVersion: PROTOCOL_VERSION, locale: 'fr-FR' },
    });
    open.push(socket);
    const welcome = new Promise<{ role: string }>((resolve) => socket.once('gateway.welcome', resolve));
    const revoked = new Promise<GatewayRevoked & { at: number }>((resolve) =>
      socket.once('gateway.revoked', (payload) => resolve({ ...payload, at: performance.now() })),
    );
    const closed = new Promise<{ at: number; reason: string }>((resolve) =>
      socket.once('disconnect', (reason) => resolve({ at: performance.now(), reason })),
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return { socket, welcome, revoked, closed };
  };

  /** The handshake's refusal code, or 'connected'. */
  const handshakeOf = (token: string) =>
    new Promise<string>((resolve) => {
      const socket: GatewaySocket = connect(server.url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        auth: { token, protocolVersion: PROTOCOL_VERSION },
      });
      open.push(socket);
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve((error as { data?: { code?: string } }).data?.code ?? 'none'));
    });

  const playTurn = (socket: GatewaySocket, sessionId: string, turnId: string) =>
    new Promise<GatewayResult<CoachingSessionTurnAnswer> | 'dropped'>((resolve) => {
      if (!socket.connected) return resolve('dropped');
      socket.once('disconnect', () => resolve('dropped'));
      socket.emit('session.turn', { session_id: sessionId, turn_id: turnId, text: 'What would it take?' }, resolve);
    });

  const turnsOf = async (sessionId: string) =>
    (await api(operator).call(sessions.read, { params: { id: sessionId } })).body.turns!.length;

  const startSession = async (token: string) => {
    const started = await api(token).call(sessions.create, { body: { scenario_id: freeScenario } });
    expect(started.status).toBe(201);
    return started.body.id!;
  };

  /** A socket playing a session, one turn answered already: the number of turns it has then. */
  const playingOn = async (watched: Watched, sessionId: string) => {
    const before = await turnsOf(sessionId);
    expect(await playTurn(watched.socket, sessionId, 'turn-1')).toMatchObject({ ok: true });
    await expect.poll(() => turnsOf(sessionId)).toBe(before + 2);
    return { ...watched, sessionId, turns: before + 2 };
  };

  /** A learner playing over an open socket. */
  const playing = async (url = server.url) => {
    const learner = await signInAs(server, { role: 'user', organizationId });
    const sessionId = await startSession(learner.token);
    return { learner, ...(await playingOn(await socketOf(learner.token, url), sessionId)) };
  };

  /**
   * The socket is told `code` and disconnected within the bound after the change (`since`), and a turn sent after the
   * change plays nothing: it is refused with the same code, or finds the socket closed.
   */
  const expectRevoked = async (
    watched: Watched & { sessionId: string; turns: number },
    code:
      | 'session_ended'
      | 'account_disabled'
      | 'role_changed'
      | 'shared_session_revoked'
      | 'coaching_session_access_expired',
    since: number,
  ) => {
    const late = await playTurn(watched.socket, watched.sessionId, 'turn-late');
    if (late !== 'dropped') expect(late).toMatchObject({ ok: false, error: { code } });
    const revoked = await withinMs(watched.revoked, REVOCATION_BOUND_MS, 'gateway.revoked');
    const closed = await withinMs(watched.closed, REVOCATION_BOUND_MS, 'disconnect');
    // In the socket's language.
    expect(revoked).toMatchObject({ code, message: errorText('fr-FR', code) });
    expect(closed.reason).toBe('io server disconnect');
    expect(closed.at - since).toBeLessThan(REVOCATION_BOUND_MS);
    // The built-in persona answers within milliseconds: a turn played would show by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await turnsOf(watched.sessionId)).toBe(watched.turns);
  };

  const share = async (expiresInMs: number) => {
    const created = await api(sharer).call(links.create, {
      body: {
        scenario_id: freeScenario,
        label: 'Workshop',
        expires_at: new Date(Date.now() + expiresInMs).toISOString(),
        max_uses: 5,
      },
    });
    expect(created.status).toBe(201);
    return created.body;
  };
  const joinAsGuest = async (accessCode: string) => {
    const joined = await api().call(links.join, {
      params: { access_code: accessCode },
      body: { display_name: 'Ada Guest', accept_terms: true },
    });
    expect(joined.status).toBe(201);
    return { token: joined.body.access_token, sessionId: joined.body.session_id };
  };

  beforeAll(async () => {
    server = await startTestServerOn(engine.name, { AUTH_SECRET });
    organizationId = await createTestOrganization(server, `Acme ${Date.now()}`);
    operator = (await signInAs(server, { role: 'operator', organizationId })).token;
    sharer = (await signInAs(server, { role: 'user', organizationId })).token;
  }, 180_000);
  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect();
  });
  afterAll(() => server?.close());

  it('closes the sockets of a session that logged out, with the reason, and plays no turn after', async () => {
    const learner = await playing();
    expect((await api(learner.learner.token).call(auth.logout, {})).status).toBe(204);
    await expectRevoked(learner, 'session_ended', performance.now());
  });

  it('checks a turn against the stored session, not the one in memory', async () => {
    const learner = await playing();
    // Ended in the store as another process would end it, before its notification has reached this one.
    await server.platform.db.query(
      `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE user_id = $1`,
      [learner.learner.userId],
    );
    await expectRevoked(learner, 'session_ended', performance.now());
  });

  it('closes the sockets of an account an operator disabled', async () => {
    const learner = await playing();
    const disabled = await api(operator).call(users.update, {
      params: { id: learner.learner.userId },
      body: { status: 'disabled' },
    });
    expect(disabled.status).toBe(200);
    await expectRevoked(learner, 'account_disabled', performance.now());
  });

  it('closes the sockets of a user whose role changed; the next socket acts with the new role', async () => {
    const learner = await playing();
    const changed = await api(operator).call(users.update, {
      params: { id: learner.learner.userId },
      body: { organization_role: 'editor' },
    });
    expect(changed.status).toBe(200);
    await expectRevoked(learner, 'role_changed', performance.now());
    const again = await socketOf(learner.learner.token);
    expect((await again.welcome).role).toBe('editor');
    expect(await playTurn(again.socket, learner.sessionId, 'turn-2')).toMatchObject({ ok: true });
  });

  it('closes a guest’s socket when the link is withdrawn, and opens none for it after', async () => {
    const link = await share(3_600_000);
    const guest = await joinAsGuest(link.access_code);
    const watched = await playingOn(await socketOf(guest.token), guest.sessionId);
    expect((await api(sharer).call(links.revoke, { params: { id: link.id } })).status).toBe(204);
    await expectRevoked(watched, 'shared_session_revoked', performance.now());
    expect(await handshakeOf(guest.token)).toBe('shared_session_revoked');
  });

  it('closes a guest’s open socket when the link expires, and refuses its handshake after', async () => {
    // Long enough for the share, the join and a first turn on a loaded machine.
    const expiresInMs = 8000;
    // The link expires no sooner than this.
    const expiresAt = performance.now() + expiresInMs;
    const link = await share(expiresInMs);
    const guest = await joinAsGuest(link.access_code);
    const watched = await playingOn(await socketOf(guest.token), guest.sessionId);
    await new Promise((resolve) => setTimeout(resolve, expiresAt - performance.now()));
    await expectRevoked(watched, 'coaching_session_access_expired', expiresAt);
    // Not before it expired.
    expect((await watched.closed).at).toBeGreaterThanOrEqual(expiresAt);
    expect(await handshakeOf(guest.token)).toBe('coaching_session_access_expired');
  });

  it('opens no socket for an organization’s API key: live sessions are a person’s', async () => {
    const made = await api(operator).send<{ key: string }>('POST', '/v1/api_keys', {
      body: { name: 'Sockets', permissions: ['coaching-session-run', 'coaching-session-read'] },
    });
    expect(made.status).toBe(201);
    expect(await handshakeOf(made.body.key)).toBe('unauthorized');
  });

  describe.skipIf(engine.name !== 'postgres')('across processes, by NOTIFY', () => {
    let second: TestServer;
    beforeAll(async () => {
      // A second one-process server on the same database: its own caches, which hear the first one's changes only
      // through PostgreSQL's notifications, as two replicas do.
      second = await startTestServer({ DATABASE_URL: server.platform.config.DATABASE_URL!, AUTH_SECRET });
    }, 120_000);
    afterAll(() => second?.close());

    it('closes a socket on the other server when the session logs out here', async () => {
      const learner = await playing(second.url);
      expect((await api(learner.learner.token).call(auth.logout, {})).status).toBe(204);
      await expectRevoked(learner, 'session_ended', performance.now());
    });

    it('closes a socket on the other server when an operator disables the account here', async () => {
      const learner = await playing(second.url);
      expect(
        (
          await api(operator).call(users.update, {
            params: { id: learner.learner.userId },
            body: { status: 'disabled' },
          })
        ).status,
      ).toBe(200);
      await expectRevoked(learner, 'account_disabled', performance.now());
    });

    it('refuses a key revoked here on the other server: a write at once, a read once the notification arrives', async () => {
      const made = await api(operator).send<{ id: string; key: string }>('POST', '/v1/api_keys', {
        body: { name: 'Two servers', permissions: ['user-list', 'user-group-create'] },
      });
      const there = apiClient(second, made.body.key);
      expect((await there.send('GET', '/v1/users')).status).toBe(200);
      expect((await api(operator).send('DELETE', `/v1/api_keys/${made.body.id}`)).status).toBe(204);
      const write = await there.send('POST', '/v1/user_groups', {
        body: { name: 'Late', organization_id: organizationId },
      });
      expect([write.status, write.body.code]).toEqual([401, 'api_key_revoked']);
      const revokedAt = performance.now();
      await expect
        .poll(async () => (await there.send('GET', '/v1/users')).status, { timeout: REVOCATION_BOUND_MS })
        .toBe(401);
      expect(performance.now() - revokedAt).toBeLessThan(REVOCATION_BOUND_MS);
    });
  });
});
