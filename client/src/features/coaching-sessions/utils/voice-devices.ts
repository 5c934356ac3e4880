import { startCapture } from '../../../lib/audio/capture';
import { browserMicrophoneDeps, openMicrophone } from '../../../lib/audio/microphone';
import { startPlayback } from '../../../lib/audio/playback';
import type { VoiceDevices } from '../machines/voice-play.types';

// The browser's audio for the voice play screen, loaded with it (a chunk of its own, so text sessions and other pages
// never load the worklets' hosts, the resampler or the microphone code).

/** The level meter moves ten times a second, at the loudest of the frames between: enough to see, few renders. */
const LEVEL_EVERY_MS = 100;

export const browserVoiceDevices: VoiceDevices = {
  async openCapture({ onFrame, onLevel }) {
    // The remembered microphone (`selectedInput`), as the check on the scenario's page left it; failures carry the
    // code of the spec's message.
    const stream = await openMicrophone(browserMicrophoneDeps());
    let peak = 0;
    let shownAt = 0;
    try {
      return await startCapture(stream, {
        onFrame,
        onLevel: (level) => {
          peak = Math.max(peak, level);
          const now = performance.now();
          if (now - shownAt < LEVEL_EVERY_MS) return;
          onLevel(peak);
          peak = 0;
          shownAt = now;
        },
      });
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      throw error;
    }
  },
  async openPlayback({ onPlayed }) {
    const playback = await startPlayback({ onPlayed });
    return {
      play: playback.play,
      drain: playback.drain,
      flush: playback.stop,
      isSuspended: playback.isSuspended,
      resume: playback.resume,
      close: playback.close,
    };
  },
};
