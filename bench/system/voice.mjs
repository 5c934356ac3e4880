// The system bench's voice learners: live sessions on the fake OpenAI realtime server through the edge and either
// gateway, a 20 ms PCM16 frame every 20 ms as a microphone sends them, playback reported as a browser does, and
// barge-ins (a third of the learners leave short pauses, so the persona's reply is still playing when they go on).
//
// Every frame carries its session segment and sequence number in its first samples (too quiet to count as speech), so
// the fake provider, which sees only audio, knows whose frame it received and when it was sent: the gateway-added
// latency per frame is read on one clock (this process: the fake runs here), whichever gateway carried it and however
// many reconnections came before. The gateway's echo gate silences quiet frames, marks included: those are counted on
// from the last marked one. A segment is one provider conversation: voice.start opens one, and
// again after the socket reconnects (the conversation lived on the gateway that went).
import { performance } from 'node:perf_hooks';
import { connected, openSocket } from './sockets.mjs';

const FRAME_MS = 20;
const FRAME_SAMPLES = 480;
const SPEECH_FRAMES = 20;
const MARK = [1117, -1117, 2229, -2229];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A voiced or quiet 20 ms frame, marked with its segment and sequence number. */
const frameOf = (voiced, frame, segment, seq) => {
  const bytes = Buffer.alloc(FRAME_SAMPLES * 2);
  for (let index = 0; index < FRAME_SAMPLES; index++) {
    const t = (frame * FRAME_SAMPLES + index) / 24_000;
    const value = voiced
      ? 8000 * (0.6 * Math.sin(2 * Math.PI * 150 * t) + 0.3 * Math.sin(2 * Math.PI * 300 * t))
      : ((index * 7919) % 61) - 30;
    bytes.writeInt16LE(Math.round(value), index * 2);
  }
  MARK.forEach((value, index) => bytes.writeInt16LE(value, index * 2));
  bytes.writeInt16LE(segment & 0x7fff, 8);
  bytes.writeInt16LE((seq >> 15) & 0x7fff, 10);
  bytes.writeInt16LE(seq & 0x7fff, 12);
  return bytes;
};

const markOf = (bytes) => {
  if (bytes.length < 14 || MARK.some((value, index) => bytes.readInt16LE(index * 2) !== value)) return undefined;
  return { segment: bytes.readInt16LE(8), seq: bytes.readInt16LE(10) * 0x8000 + bytes.readInt16LE(12) };
};

/**
 * The voice side of the bench: `observe` hooks for the fake provider and a `learner` loop. Segments are found by the
 * marks of their frames; each keeps when each frame left, and the provider's replies, to match with what the learner
 * hears.
 */
export const createVoice = ({ record }) => {
  const segments = [];
  /** What the provider did on each of its conversations (a greeting's reply may come before any frame is heard). */
  const conversations = new Map();
  const conversationOf = (connection) => {
    let conversation = conversations.get(connection);
    if (!conversation) conversations.set(connection, (conversation = { replies: [], speechEnd: undefined }));
    return conversation;
  };
  const observe = {
    append: (connection, bytes) => {
      const conversation = conversationOf(connection);
      const mark = markOf(bytes);
      // The gateway's echo gate turns quiet frames into silence, marks and all: those are counted on from the last
      // marked frame (frames reach the provider in the order they were sent).
      const segment = mark ? segments[mark.segment] : conversation.segment;
      if (!segment) return;
      conversation.segment ??= segment;
      segment.conversation ??= conversation;
      const seq = mark ? mark.seq : conversation.lastSeq + 1;
      conversation.lastSeq = seq;
      const sentAt = segment.frameSentAt.get(seq);
      segment.frameSentAt.delete(seq);
      if (sentAt !== undefined) record.latency('voice: frame, learner → provider', performance.now() - sentAt);
      conversation.lastAppendedSentAt = sentAt;
    },
    sent: (connection, event) => {
      const conversation = conversationOf(connection);
      if (event.type === 'input_audio_buffer.speech_stopped') conversation.speechEnd = conversation.lastAppendedSentAt;
      else if (event.type === 'response.created') {
        conversation.replies.push({ speechEnd: conversation.speechEnd, deltas: new Map(), offset: 0 });
        conversation.speechEnd = undefined;
      } else if (event.type === 'response.output_audio.delta') {
        const reply = conversation.replies.at(-1);
        if (!reply) return;
        reply.deltas.set(reply.offset, performance.now());
        reply.offset += Buffer.byteLength(String(event.delta), 'base64') / 2;
      }
    },
  };

  const newSegment = (sessionId) => {
    const segment = { id: segments.length, sessionId, frameSentAt: new Map(), heard: [], conversation: undefined };
    segments.push(segment);
    return segment;
  };

  /**
   * What the learner hears: the nth reply heard is the provider's nth on the segment's conversation (the gateway names
   * replies its own way); its first chunk closes a voice-to-voice, each chunk that starts a delta that delta's hop.
   */
  const hear = (segment, header, pcm, now) => {
    let reply = segment.heard.at(-1);
    const provided = () => segment.conversation?.replies[segment.heard.length - 1];
    if (reply?.id !== header.response_id) {
      reply = { id: header.response_id, offset: 0, firstAt: now, receivedMs: 0 };
      segment.heard.push(reply);
      const speechEnd = provided()?.speechEnd;
      if (speechEnd !== undefined) record.latency('voice: voice-to-voice (provider 200 ms included)', now - speechEnd);
    }
    const deltaAt = provided()?.deltas.get(reply.offset);
    if (deltaAt !== undefined) record.latency('voice: audio, provider → learner', now - deltaAt);
    reply.offset += pcm.byteLength / 2;
    reply.receivedMs += (pcm.byteLength / 2 / 24_000) * 1000;
    return reply;
  };

  return { observe, learner: (options) => voiceLearner({ ...options, record, newSegment, hear }), segments };
};

/**
 * One voice learner: a session of `sessionMs`, its microphone on throughout; after a drop, voice.start again on
 * the new connection. Then the session is ended and another begins, until `running()` is false.
 */
const voiceLearner = async ({ base, person, scenarioId, running, sessionMs, bargeIns, record, newSegment, hear }) => {
  const { http } = person;
  const cycleFrames = bargeIns ? 50 : 100;
  while (running()) {
    const started = await http.request('voice: POST session', 'POST', '/v1/coaching/sessions', {
      body: { scenario_id: scenarioId },
    });
    if (started.status !== 201) {
      await sleep(5000);
      continue;
    }
    const sessionId = started.body.id;
    record.sessions.set(sessionId, { kind: 'voice', http });
    const socket = openSocket({ base, token: http.token, address: person.address, record, kind: 'voice' });
    let segment;
    let droppedAt;
    let playing;
    let over = false;
    const start = async () => {
      if (!(await connected(socket))) return;
      const began = performance.now();
      const answer = await socket
        .timeout(15_000)
        .emitWithAck('voice.start', { session_id: sessionId })
        .catch(() => ({ ok: false, status: 0, error: { code: 'ack timeout' } }));
      if (!answer.ok) {
        record.fail('voice: voice.start', `${answer.status} ${answer.error?.code ?? ''}`, { retried: true });
        if (answer.status > 0 && answer.status < 500) over = true;
        return;
      }
      record.latency('voice: voice.start', performance.now() - began);
      if (['win', 'loose', 'end', 'abort'].includes(answer.answer.status)) {
        record.count(`voice sessions found ${answer.answer.status} at voice.start`);
        over = true;
        return;
      }
      segment = newSegment(sessionId);
    };
    socket.on('disconnect', (reason) => {
      if (reason === 'io client disconnect') return;
      segment = undefined;
      droppedAt ??= { at: Date.now(), t: performance.now() };
    });
    socket.io.on('reconnect', () => void start());
    socket.on('voice.audio', (header, pcm) => {
      const now = performance.now();
      if (!segment || header.session_id !== sessionId) return;
      if (droppedAt) {
        record.voiceResumes.push({ at: droppedAt.at, ms: now - droppedAt.t });
        droppedAt = undefined;
      }
      playing = hear(segment, header, pcm, now);
    });
    socket.on('voice.playback.stop', (payload) => {
      record.count('voice: barge-ins (playback stopped by the gateway)');
      if (playing && playing.id === payload.response_id) {
        socket.emit('voice.playback', {
          session_id: sessionId,
          response_id: playing.id,
          played_ms: Math.round(Math.min(playing.receivedMs, performance.now() - playing.firstAt)),
        });
        playing = undefined;
      }
    });
    socket.on('voice.outcome', () => {
      over = true;
    });
    await start();

    // The microphone: a frame every 20 ms on an absolute schedule; the playback reported every 250 ms.
    const origin = performance.now() + Math.random() * FRAME_MS;
    const until = origin + sessionMs;
    let frame = 0;
    let reportedAt = 0;
    while (running() && !over && performance.now() < until) {
      const at = origin + frame * FRAME_MS;
      await sleep(Math.max(0, at - performance.now()));
      if (segment && socket.connected) {
        const seq = frame;
        segment.frameSentAt.set(seq, performance.now());
        socket.emit(
          'voice.audio.in',
          { session_id: sessionId, seq },
          frameOf(frame % cycleFrames < SPEECH_FRAMES, frame, segment.id, seq),
        );
        record.count('voice: frames sent');
      }
      if (playing && performance.now() - reportedAt >= 250) {
        reportedAt = performance.now();
        const played = Math.round(Math.min(playing.receivedMs, reportedAt - playing.firstAt));
        socket.emit('voice.playback', { session_id: sessionId, response_id: playing.id, played_ms: played });
        if (played >= playing.receivedMs) playing = undefined;
      }
      frame += 1;
    }
    if (socket.connected) {
      await socket
        .timeout(5000)
        .emitWithAck('voice.stop', { session_id: sessionId })
        .catch(() => undefined);
    }
    socket.close();
    await http.request('voice: POST end', 'POST', `/v1/coaching/sessions/${sessionId}/end`, { expect: [200, 409] });
    await sleep(1000 + Math.random() * 2000);
  }
};
