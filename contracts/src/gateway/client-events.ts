import { z } from 'zod';
import type { ClientToServerEvents } from './protocol.js';
import { sessionTurnMessageSchema } from './session-turn.js';
import {
  voiceAudioInSchema,
  voiceCommitMessageSchema,
  voicePlaybackSchema,
  voiceStartMessageSchema,
  voiceStopMessageSchema,
  voiceTextMessageSchema,
} from './voice.js';

/** The largest microphone frame the gateway takes: 200 ms of 24 kHz PCM16 (the protocol's frames are 20 ms). */
export const VOICE_AUDIO_IN_MAX_BYTES = 9600;

/** A frame of PCM16 samples: a Buffer on the server, an ArrayBuffer (or a view of one) in the browser. */
const pcm16FrameSchema = z.custom<ArrayBuffer>(
  (value) =>
    (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) &&
    value.byteLength >= 2 &&
    value.byteLength <= VOICE_AUDIO_IN_MAX_BYTES &&
    value.byteLength % 2 === 0,
  `A frame of 16-bit samples, 2 to ${VOICE_AUDIO_IN_MAX_BYTES} bytes.`,
);

type ClientEvent = {
  /** The event's arguments, its acknowledgement left out. */
  args: z.ZodTuple;
  /** Whether the client passes an acknowledgement, which the gateway always calls. */
  ack: 'required' | 'optional' | 'none';
};

/**
 * What each client event carries, checked at the gateway's edge before any handler runs: a message that does not fit
 * is refused with `invalid_request` through its acknowledgement (the fields at fault), or dropped when it has none;
 * an event not listed here, with `gateway_unknown_event`.
 */
export const CLIENT_EVENTS = {
  'gateway.ping': { args: z.tuple([]), ack: 'required' },
  'session.turn': { args: z.tuple([sessionTurnMessageSchema]), ack: 'required' },
  'voice.start': { args: z.tuple([voiceStartMessageSchema]), ack: 'required' },
  'voice.text': { args: z.tuple([voiceTextMessageSchema]), ack: 'required' },
  'voice.audio.in': { args: z.tuple([voiceAudioInSchema, pcm16FrameSchema]), ack: 'none' },
  'voice.playback': { args: z.tuple([voicePlaybackSchema]), ack: 'none' },
  'voice.commit': { args: z.tuple([voiceCommitMessageSchema]), ack: 'none' },
  'voice.stop': { args: z.tuple([voiceStopMessageSchema]), ack: 'optional' },
} as const satisfies { [Event in keyof ClientToServerEvents]: ClientEvent };

export const isClientEvent = (name: unknown): name is keyof ClientToServerEvents =>
  typeof name === 'string' && Object.hasOwn(CLIENT_EVENTS, name);
