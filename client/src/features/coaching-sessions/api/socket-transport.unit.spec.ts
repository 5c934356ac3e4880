import type { GatewayResult, SessionTurnMessage } from '@ai-coaching/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/http/api-error';
import type { PlaySessionTransport, PlayTurnAnswer } from '../machines/play-types';
import { onSocketRevoked, socketSessionTransport, type SessionSocket } from './socket-transport';

type Ack = (result: GatewayResult<PlayTurnAnswer>) => void;

/** The socket as the transport uses it: the events it listens to, and the turns it sent with their acks. */
const fakeSocket = (connected = true) => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const sent: { message: SessionTurnMessage; ack: Ack }[] = [];
  const socket = {
    connected,
    connect: vi.fn(),
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, (listeners.get(name) ?? new Set()).add(listener));
      return socket;
    },
    off: (name: string, listener: (payload: unknown) => void) => {
      listeners.get(name)?.delete(listener);
      return socket;
    },
    emit: (_name: string, message: SessionTurnMessage, ack: Ack) => (sent.push({ message, ack }), true),
  };
  const events = {
    emit: (name: string, payload: unknown) => listeners.get(name)?.forEach((listener) => listener(payload)),
  };
  const listening = () => [...listeners.values()].reduce((count, set) => count + set.size, 0);
  return { socket: socket as unknown as SessionSocket, events, sent, listeners: listening };
};

const http = (): PlaySessionTransport => ({
  load: vi.fn(),
  sendTurn: vi.fn(async () => ({ reply: 'over HTTP', status: 'in-progress' as const })),
  end: vi.fn(),
  abort: vi.fn(),
});

const turn = { turn_id: 'turn-1', text: 'What would it take?' };

describe('the gateway transport of the play screen', () => {
  it('sends the turn over the socket, passes on the deltas of that turn only, and answers the ack', async () => {
    const { socket, events, sent, listeners } = fakeSocket();
    const onDelta = vi.fn();
    const answer = socketSessionTransport(() => socket, http()).sendTurn('s-1', turn, {
      signal: new AbortController().signal,
      onDelta,
    });
    expect(sent[0]?.message).toEqual({ session_id: 's-1', turn_id: 'turn-1', text: 'What would it take?' });
    events.emit('session.reply.delta', { session_id: 's-1', turn_id: 'turn-1', text: 'A bigger ' });
    events.emit('session.reply.delta', { session_id: 's-1', turn_id: 'an-older-turn', text: 'stale' });
    events.emit('session.reply.delta', { session_id: 's-2', turn_id: 'turn-1', text: 'elsewhere' });
    events.emit('session.reply.delta', { session_id: 's-1', turn_id: 'turn-1', text: 'discount.' });
    sent[0]!.ack({ ok: true, answer: { reply: 'A bigger discount.', status: 'in-progress' } });
    await expect(answer).resolves.toEqual({ reply: 'A bigger discount.', status: 'in-progress' });
    expect(onDelta.mock.calls).toEqual([['A bigger '], ['discount.']]);
    expect(listeners()).toBe(0);
  });

  it('rejects with the gateway error, status and code, in the words the server chose', async () => {
    const { socket, sent } = fakeSocket();
    const answer = socketSessionTransport(() => socket, http()).sendTurn('s-1', turn, {
      signal: new AbortController().signal,
      onDelta: () => undefined,
    });
    sent[0]!.ack({
      ok: false,
      status: 503,
      error: { code: 'coaching_session_reply_failed', message: 'Le persona n’a pas pu répondre.' },
    });
    const error = await answer.catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'coaching_session_reply_failed' });
    expect((error as ApiError).message).toBe('Le persona n’a pas pu répondre.');
  });

  it('gives a dropped socket as a network failure, which the machine resends after reloading', async () => {
    const { socket, events, listeners } = fakeSocket();
    const answer = socketSessionTransport(() => socket, http()).sendTurn('s-1', turn, {
      signal: new AbortController().signal,
      onDelta: () => undefined,
    });
    events.emit('disconnect', 'transport close');
    await expect(answer).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(listeners()).toBe(0);
  });

  it('stops listening when the machine gives the turn up', async () => {
    const { socket, listeners } = fakeSocket();
    const controller = new AbortController();
    const answer = socketSessionTransport(() => socket, http()).sendTurn('s-1', turn, {
      signal: controller.signal,
      onDelta: () => undefined,
    });
    controller.abort(new Error('left'));
    await expect(answer).rejects.toThrow('left');
    expect(listeners()).toBe(0);
  });

  it('plays the turn over HTTP while the socket is not connected, and asks the socket to connect again', async () => {
    const { socket, sent } = fakeSocket(false);
    const overHttp = http();
    const answer = await socketSessionTransport(() => socket, overHttp).sendTurn('s-1', turn, {
      signal: new AbortController().signal,
      onDelta: () => undefined,
    });
    expect(answer.reply).toBe('over HTTP');
    expect(sent).toHaveLength(0);
    expect(socket.connect).toHaveBeenCalled();
    const noSocket = await socketSessionTransport(() => null, overHttp).sendTurn('s-1', turn, {
      signal: new AbortController().signal,
      onDelta: () => undefined,
    });
    expect(noSocket.reply).toBe('over HTTP');
  });

  it('tells why the gateway ended the socket: its revocation notice, or a guest handshake refused for a closed link', () => {
    const { socket, events, listeners } = fakeSocket();
    const told = vi.fn();
    const stop = onSocketRevoked(socket, told);
    events.emit('gateway.revoked', { code: 'session_ended', message: 'Votre session a pris fin.' });
    events.emit('connect_error', Object.assign(new Error('refused'), { data: { code: 'shared_session_revoked' } }));
    events.emit(
      'connect_error',
      Object.assign(new Error('gone'), { data: { code: 'coaching_session_access_expired' } }),
    );
    // Any other refusal (an expired token, the network) is the transport's to retry, over HTTP meanwhile.
    events.emit('connect_error', Object.assign(new Error('refused'), { data: { code: 'unauthorized' } }));
    events.emit('connect_error', new Error('websocket error'));
    expect(told.mock.calls).toEqual([
      ['session_ended'],
      ['shared_session_revoked'],
      ['coaching_session_access_expired'],
    ]);
    stop();
    expect(listeners()).toBe(0);
  });
});
