/* global AudioWorkletProcessor, registerProcessor, sampleRate */
// Plays the persona's voice (issue 14 §4): PCM16 24 kHz chunks posted by the page (lib/audio/playback.ts), resampled
// here to the context's rate by linear interpolation (upsampling: nothing to alias), behind a jitter buffer that
// waits for a small pre-roll before it starts and after every underrun, so network jitter becomes a short wait rather
// than crackles. It tells the page how many milliseconds of each response were actually played, which a barge-in
// sends to the provider to truncate what the persona "said" (conversation.item.truncate).
const WIRE_RATE = 24000;
const PRE_ROLL_MS = 80;
const REPORT_EVERY_MS = 250;

class PlaybackProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    /** Queued chunks: { responseId, samples: Float32Array at 24 kHz, at: next sample to play }. */
    this.queue = [];
    this.buffered = 0;
    this.playing = false;
    /** Position between two wire samples, for the interpolation. */
    this.phase = 0;
    this.playedSamples = new Map();
    this.sinceReport = 0;
    this.port.onmessage = ({ data }) => this.receive(data);
  }

  receive(message) {
    if (message.type === 'chunk') {
      const samples = new Float32Array(message.pcm.length);
      for (let i = 0; i < samples.length; i++) samples[i] = message.pcm[i] / 0x8000;
      this.queue.push({ responseId: message.responseId, samples, at: 0 });
      this.buffered += samples.length;
    } else if (message.type === 'drain') {
      // The response's last audio has arrived: a tail shorter than the pre-roll would otherwise wait for more forever.
      if (this.buffered > 0) this.playing = true;
    } else if (message.type === 'stop') {
      // Barge-in: drop what was not heard, and say at once how much of each response was.
      this.queue = [];
      this.buffered = 0;
      this.playing = false;
      this.report(true);
    }
  }

  report(stopped) {
    const played = {};
    for (const [responseId, samples] of this.playedSamples)
      played[responseId] = Math.round((samples * 1000) / WIRE_RATE);
    this.port.postMessage({ type: 'played', played, stopped });
  }

  process(_inputs, outputs) {
    const output = outputs[0][0];
    const step = WIRE_RATE / sampleRate;
    if (!this.playing && this.buffered >= (WIRE_RATE * PRE_ROLL_MS) / 1000) this.playing = true;
    for (let i = 0; i < output.length; i++) {
      const head = this.queue[0];
      if (!this.playing || !head) {
        output[i] = 0;
        continue;
      }
      const next = head.samples[head.at + 1] ?? this.queue[1]?.samples[0] ?? head.samples[head.at];
      output[i] = head.samples[head.at] + (next - head.samples[head.at]) * this.phase;
      this.phase += step;
      while (this.phase >= 1 && this.queue[0]) {
        this.phase -= 1;
        const current = this.queue[0];
        current.at += 1;
        this.buffered -= 1;
        this.playedSamples.set(current.responseId, (this.playedSamples.get(current.responseId) ?? 0) + 1);
        if (current.at >= current.samples.length) this.queue.shift();
      }
      // Underrun: wait for the pre-roll again rather than play gaps.
      if (this.queue.length === 0) this.playing = false;
    }
    this.sinceReport += (output.length * 1000) / sampleRate;
    if (this.sinceReport >= REPORT_EVERY_MS) {
      this.sinceReport = 0;
      this.report(false);
    }
    return true;
  }
}

registerProcessor('playback-processor', PlaybackProcessor);
