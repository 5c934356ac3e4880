import { fromCallback } from 'xstate';
import type {
  CaptureCommand,
  MicrophoneFailure,
  PlaybackCommand,
  VoiceCapture,
  VoiceDevices,
  VoicePlayer,
  VoicePlayEvent,
  VoiceTransport,
} from './voice-play.types';

// The voice play machine's long-lived actors over the gateway and the browser's audio: each lives as long as the
// state that invokes it, and the machine speaks to it by commands (mute, play, drain, flush, resume).

const microphoneFailureOf = (error: unknown): MicrophoneFailure => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'microphone_not_found' || code === 'microphone_busy' ? code : 'microphone_denied';
};

/** The gateway's events of the session, while the voice screen is open. */
export const listenActor = (transport: VoiceTransport) =>
  fromCallback<VoicePlayEvent, { sessionId: string }>(({ input, sendBack }) => {
    const unlisten = transport.listen(input.sessionId, sendBack);
    return () => {
      unlisten();
      // Leaving the screen (ended, End, Abort): the gateway stops sending audio nobody hears.
      transport.stop(input.sessionId);
    };
  });

/** The microphone: its frames and level, muted on command; `mic.failed` says why it cannot be had. */
export const captureActor = (devices: VoiceDevices) =>
  fromCallback<CaptureCommand>(({ sendBack, receive }) => {
    let capture: VoiceCapture | null = null;
    let stopped = false;
    let muted = false;
    devices
      .openCapture({
        onFrame: (frame) => {
          if (!stopped) sendBack({ type: 'mic.frame', frame });
        },
        onLevel: (level) => {
          if (!stopped) sendBack({ type: 'mic.level', level });
        },
      })
      .then(
        (opened) => {
          if (stopped) return void opened.stop();
          capture = opened;
          opened.setMuted(muted);
          sendBack({ type: 'mic.opened' });
        },
        (error: unknown) => {
          if (!stopped) sendBack({ type: 'mic.failed', code: microphoneFailureOf(error) });
        },
      );
    receive((command) => {
      muted = command.muted;
      capture?.setMuted(muted);
    });
    return () => {
      stopped = true;
      void capture?.stop();
    };
  });

/** The persona's playback: commands wait until it is open; a browser that holds sound back says `playback.blocked`. */
export const playbackActor = (devices: VoiceDevices) =>
  fromCallback<PlaybackCommand>(({ sendBack, receive }) => {
    let player: VoicePlayer | null = null;
    let stopped = false;
    const waiting: PlaybackCommand[] = [];
    const run = (command: PlaybackCommand, to: VoicePlayer) => {
      if (command.type === 'play') to.play(command.responseId, command.pcm);
      else if (command.type === 'drain') to.drain();
      else if (command.type === 'resume')
        void to.resume().then(() => !stopped && !to.isSuspended() && sendBack({ type: 'playback.unblocked' }));
      else
        void to.flush().then((played) => {
          if (!stopped) sendBack({ type: 'playback.flushed', played });
        });
    };
    devices
      .openPlayback({
        onPlayed: (played) => {
          if (!stopped) sendBack({ type: 'playback.progress', played });
        },
      })
      .then(
        (opened) => {
          if (stopped) return void opened.close();
          player = opened;
          if (opened.isSuspended()) sendBack({ type: 'playback.blocked' });
          for (const command of waiting.splice(0)) run(command, opened);
        },
        () => {
          if (!stopped) sendBack({ type: 'playback.failed' });
        },
      );
    receive((command) => {
      if (player) return run(command, player);
      // Not open yet: a flush drops what waits, and nothing was heard.
      if (command.type === 'flush') {
        waiting.splice(0);
        sendBack({ type: 'playback.flushed', played: {} });
      } else waiting.push(command);
    });
    return () => {
      stopped = true;
      void player?.close();
    };
  });
