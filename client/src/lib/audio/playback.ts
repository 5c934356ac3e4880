/** `client/public/audio/playback.worklet.js`: the jitter buffer and the played-time count run on the audio thread. */
export const PLAYBACK_WORKLET_URL = '/audio/playback.worklet.js';

export type Playback = {
  /** Queues a chunk of a response: PCM16 LE mono 24 kHz, as the gateway sends it. */
  play(responseId: string, pcm: Int16Array): void;
  /** Milliseconds of the response heard so far (reported every 250 ms). */
  playedMs(responseId: string): number;
  /** Barge-in: stops at once, drops the rest, and answers how much of each response was heard. */
  stop(): Promise<Record<string, number>>;
  close(): Promise<void>;
};

/** The persona's voice: an AudioWorklet behind a jitter buffer (issue 14 §4; docs/voice.md "Browser side"). */
export const startPlayback = async (): Promise<Playback> => {
  const context = new AudioContext();
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
    if (data.stopped) for (const resolve of stopped.splice(0)) resolve(played);
  };
  return {
    play(responseId, pcm) {
      const copy = pcm.slice();
      node.port.postMessage({ type: 'chunk', responseId, pcm: copy }, [copy.buffer]);
    },
    playedMs: (responseId) => played[responseId] ?? 0,
    stop: () =>
      new Promise((resolve) => {
        stopped.push(resolve);
        node.port.postMessage({ type: 'stop' });
      }),
    async close() {
      node.port.onmessage = null;
      node.disconnect();
      await context.close();
    },
  };
};
