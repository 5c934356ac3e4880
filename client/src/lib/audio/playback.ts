/** `client/public/audio/playback.worklet.js`: the jitter buffer and the played-time count run on the audio thread. */
export const PLAYBACK_WORKLET_URL = '/audio/playback.worklet.js';

export type Playback = {
  /** Queues a chunk of a response: PCM16 LE mono 24 kHz, as the gateway sends it. */
  play(responseId: string, pcm: Int16Array): void;
  /** Milliseconds of the response heard so far (reported every 250 ms). */
  playedMs(responseId: string): number;
  /** The response's last chunk has arrived: what is buffered plays even if shorter than the jitter buffer's pre-roll. */
  drain(): void;
  /** Barge-in: stops at once, drops the rest, and answers how much of each response was heard. */
  stop(): Promise<Record<string, number>>;
  /** Whether the browser holds the sound back until the user interacts with the page (autoplay policy). */
  isSuspended(): boolean;
  /** Called from a user's gesture (a click, a key): lets the sound out. */
  resume(): Promise<void>;
  close(): Promise<void>;
};

export type PlaybackListeners = {
  /** Milliseconds heard of each response, every 250 ms while the context runs. */
  onPlayed?: (played: Record<string, number>) => void;
};

/** The persona's voice: an AudioWorklet behind a jitter buffer (issue 14 §4; docs/voice.md "Browser voice screen"). */
export const startPlayback = async (listeners: PlaybackListeners = {}): Promise<Playback> => {
  const context = new AudioContext();
  // Allowed when the page had a user's gesture (the click that started the session); otherwise it stays suspended
  // until `resume` is called from one.
  if (context.state === 'suspended') await Promise.race([context.resume(), new Promise((r) => setTimeout(r, 200))]);
  await context.audioWorklet.addModule(PLAYBACK_WORKLET_URL);
  const node = new AudioWorkletNode(context, 'playback-processor', {
    numberOfInputs: 0,
    numberOfOutputs: 1,
    outputChannelCount: [1],
  });
  node.connect(context.destination);
  let played: Record<string, number> = {};
  const stopped: ((played: Record<string, number>) => void)[] = [];
  node.port.onmessage = ({ data }: MessageEvent<{ played: Record<string, number>; stopped: boolean }>) => {
    played = data.played;
    listeners.onPlayed?.(played);
    if (data.stopped) for (const resolve of stopped.splice(0)) resolve(played);
  };
  return {
    play(responseId, pcm) {
      const copy = pcm.slice();
      node.port.postMessage({ type: 'chunk', responseId, pcm: copy }, [copy.buffer]);
    },
    playedMs: (responseId) => played[responseId] ?? 0,
    drain: () => node.port.postMessage({ type: 'drain' }),
    stop: () =>
      new Promise((resolve) => {
        stopped.push(resolve);
        node.port.postMessage({ type: 'stop' });
      }),
    isSuspended: () => context.state === 'suspended',
    resume: () => context.resume(),
    async close() {
      node.port.onmessage = null;
      node.disconnect();
      await context.close();
    },
  };
};
