// Audio as the voice path carries it (docs/voice.md, "Built-in voice"): PCM16 little-endian mono, 24 kHz on the wire
// (`VOICE_SAMPLE_RATE`). Pure functions, so the gateway, the adapters and their tests share one definition of the format.

/** Downstream audio is cut into chunks of at most this length, so barge-in can stop between two of them. */
export const VOICE_MAX_CHUNK_MS = 100;

export type Pcm16 = { sampleRate: number; samples: Int16Array };

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/**
 * The PCM16 samples of a RIFF/WAVE file (mono, or the first channel of several). Reads the chunk list rather than
 * assuming a 44-byte header, and trusts the file's length over a `data` size a streaming writer left unset.
 */
export const parseWav = (bytes: Uint8Array): Pcm16 => {
  if (bytes.length < 12 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WAVE') {
    throw new Error('Not a RIFF/WAVE file.');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 12;
  let format: { channels: number; sampleRate: number; bits: number; encoding: number } | undefined;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      format = {
        encoding: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format || format.encoding !== 1 || format.bits !== 16) throw new Error('Only PCM16 WAVE is read.');
      const end = Math.min(bytes.length, body + size);
      const frames = Math.floor((end - body) / (2 * format.channels));
      const samples = new Int16Array(frames);
      for (let frame = 0; frame < frames; frame++) {
        samples[frame] = view.getInt16(body + frame * 2 * format.channels, true);
      }
      return { sampleRate: format.sampleRate, samples };
    }
    at = body + size + (size % 2);
  }
  throw new Error('The WAVE file has no data chunk.');
};

/** A mono PCM16 WAVE file of these samples. */
export const toWav = ({ sampleRate, samples }: Pcm16): Uint8Array => {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => [...value].forEach((char, i) => (bytes[at + i] = char.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, i) => view.setInt16(44 + i * 2, sample, true));
  return bytes;
};

/** Half-width of the interpolation kernel, in samples of the lower rate: 8 keeps the passband flat to ~0.9 × Nyquist. */
const KERNEL_HALF_WIDTH = 8;

const sinc = (x: number) => (x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x));

/**
 * Resamples PCM16 with a Hann-windowed sinc low-pass at the lower rate's Nyquist frequency (band-limited, so
 * 24 → 16 kHz does not alias, and 22,050 → 24 kHz does not image as linear interpolation would). The output has
 * round(n × to / from) samples and is clamped to the 16-bit range.
 */
export const resamplePcm16 = (samples: Int16Array, fromRate: number, toRate: number): Int16Array => {
  if (!(fromRate > 0 && toRate > 0)) throw new Error('Sample rates must be positive.');
  if (fromRate === toRate) return samples.slice();
  const length = Math.round((samples.length * toRate) / fromRate);
  const output = new Int16Array(length);
  // Below 1 when downsampling: the kernel widens so it filters at the output's Nyquist frequency.
  const cutoff = Math.min(1, toRate / fromRate);
  const halfWidth = KERNEL_HALF_WIDTH / cutoff;
  const step = fromRate / toRate;
  for (let index = 0; index < length; index++) {
    const centre = index * step;
    const first = Math.max(0, Math.ceil(centre - halfWidth));
    const last = Math.min(samples.length - 1, Math.floor(centre + halfWidth));
    let sum = 0;
    let weights = 0;
    for (let source = first; source <= last; source++) {
      const distance = source - centre;
      const window = 0.5 + 0.5 * Math.cos((Math.PI * distance) / halfWidth);
      const weight = cutoff * sinc(cutoff * distance) * window;
      sum += samples[source]! * weight;
      weights += weight;
    }
    // Normalising by the weights keeps DC gain at 1 near the edges, where the kernel is cut short.
    const value = weights === 0 ? 0 : sum / weights;
    output[index] = Math.max(-32768, Math.min(32767, Math.round(value)));
  }
  return output;
};

/** Little-endian bytes of PCM16 samples, whatever the host's byte order. */
export const pcm16Bytes = (samples: Int16Array): Uint8Array => {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  samples.forEach((sample, i) => view.setInt16(i * 2, sample, true));
  return bytes;
};

/** The samples cut into chunks of at most `maxMs` (the last one shorter), as little-endian bytes. */
export const pcm16Chunks = ({ sampleRate, samples }: Pcm16, maxMs: number = VOICE_MAX_CHUNK_MS): Uint8Array[] => {
  const perChunk = Math.max(1, Math.floor((sampleRate * maxMs) / 1000));
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < samples.length; at += perChunk) chunks.push(pcm16Bytes(samples.subarray(at, at + perChunk)));
  return chunks;
};

/** Root mean square of the samples, 0..32768: what tells speech from silence in tests and meters. */
export const pcm16Rms = (samples: Int16Array): number => {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
};
