import { createFramer } from './frames';
import { createResampler, levelOf } from './resampler';

/** `client/public/audio/capture.worklet.js`. */
export const CAPTURE_WORKLET_URL = '/audio/capture.worklet.js';

export type Capture = {
  /** While muted, silence is sent in place of the microphone (the gateway keeps its timing). */
  setMuted(muted: boolean): void;
  stop(): Promise<void>;
};

export type CaptureListeners = {
  /** PCM16 LE mono 24 kHz, 20 ms. */
  onFrame?: (frame: Int16Array) => void;
  /** The microphone's level, 0 to 1, every 20 ms: the level meter. */
  onLevel?: (level: number) => void;
};

/**
 * Captures a microphone stream (lib/audio/microphone.ts) as the wire's frames: an AudioWorklet at the device's rate
 * hands the samples over (capture.worklet.js), the page resamples them to 24 kHz (a context at 24 kHz would do it in
 * Chromium, but Firefox refuses to connect a microphone to it) and cuts 20 ms frames.
 */
export const startCapture = async (stream: MediaStream, listeners: CaptureListeners): Promise<Capture> => {
  const context = new AudioContext();
  // A context made after an await may start suspended (autoplay policy): the user's click still allows resuming it.
  if (context.state === 'suspended') await context.resume();
  // A file of its own, served from the app's origin: the content security policy admits no inlined script.
  await context.audioWorklet.addModule(CAPTURE_WORKLET_URL);
  const source = context.createMediaStreamSource(stream);
  const node = new AudioWorkletNode(context, 'capture-processor', { numberOfInputs: 1, numberOfOutputs: 0 });
  const resampler = createResampler(context.sampleRate);
  const framer = createFramer();
  let muted = false;
  node.port.onmessage = ({ data }: MessageEvent<Float32Array>) => {
    const samples = muted ? new Float32Array(data.length) : data;
    listeners.onLevel?.(levelOf(samples));
    for (const frame of framer(resampler.push(samples))) listeners.onFrame?.(frame);
  };
  source.connect(node);
  return {
    setMuted(value) {
      muted = value;
    },
    async stop() {
      node.port.onmessage = null;
      source.disconnect();
      for (const track of stream.getTracks()) track.stop();
      await context.close();
    },
  };
};
