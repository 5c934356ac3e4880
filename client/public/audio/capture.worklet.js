/* global AudioWorkletProcessor, registerProcessor, sampleRate */
// Runs on the audio thread: copies the microphone's render quanta (128 frames, reused by the browser) and posts them
// every 20 ms to the page, which resamples them to the wire's 24 kHz (lib/audio/capture.ts). No work is done here
// that could make the audio thread miss its deadline.
class CaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.chunks = [];
    this.length = 0;
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel) {
      this.chunks.push(channel.slice());
      this.length += channel.length;
      if (this.length >= sampleRate / 50) {
        const out = new Float32Array(this.length);
        let at = 0;
        for (const chunk of this.chunks) {
          out.set(chunk, at);
          at += chunk.length;
        }
        this.port.postMessage(out, [out.buffer]);
        this.chunks = [];
        this.length = 0;
      }
    }
    return true;
  }
}

registerProcessor('capture-processor', CaptureProcessor);
