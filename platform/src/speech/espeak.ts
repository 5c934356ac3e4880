import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parseWav, resamplePcm16, VOICE_SAMPLE_RATE, type Pcm16, type SessionLanguage } from '@ai-coaching/domain';

// The built-in provider's offline voice (docs/voice.md, "Built-in voice"): eSpeak NG compiled to WebAssembly, from
// the `espeak-ng` npm package. GPL-3.0-or-later: it runs on the server only and is never bundled for browsers.
//
// The package is a command line: each run instantiates the module, runs `main` once and exits, and it does not export
// `callMain`, so an instance cannot be asked twice. What can be shared is the compiled module: compiled once, lazily
// (never at import: most processes never speak), then instantiated per sentence. Measured on the 2-core CI machine:
// ~190 ms for a sentence when the package compiles on its own, 33 ms to compile once, then ~105–130 ms a sentence.

/** eSpeak NG's voice for each session language. */
export const ESPEAK_VOICES: Record<SessionLanguage, string> = { 'en-GB': 'en-gb', 'en-US': 'en-us', 'fr-FR': 'fr' };

/** Longest text one run takes: a sentence is far shorter; a longer one is refused rather than tying the CPU up. */
export const ESPEAK_MAX_TEXT = 2000;

/** The global WebAssembly API, which the project's TypeScript libraries (no DOM) leave undeclared. */
const wasm = (
  globalThis as unknown as {
    WebAssembly: {
      compile(bytes: Uint8Array): Promise<object>;
      instantiate(module: object, imports: object): Promise<object>;
    };
  }
).WebAssembly;

let compiled: Promise<object> | undefined;

const compiledModule = (): Promise<object> => {
  compiled ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('espeak-ng/dist/espeak-ng.wasm');
    return wasm.compile(await readFile(wasmPath));
  })();
  // A failed compile is not cached: the next call tries again.
  compiled.catch(() => (compiled = undefined));
  return compiled;
};

const quiet = () => undefined;

/**
 * Speaks one text with eSpeak NG in the language's voice: PCM16 mono at eSpeak's own 22,050 Hz. The text goes in
 * through a file of the module's virtual filesystem, so a text starting with "-" is never read as an option.
 */
export const espeakSynthesize = async (text: string, voice: string): Promise<Pcm16> => {
  if (text.length > ESPEAK_MAX_TEXT) throw new Error(`eSpeak NG speaks at most ${ESPEAK_MAX_TEXT} characters at once.`);
  const module = await compiledModule();
  const { default: ESpeakNg } = await import('espeak-ng');
  // Emscripten's hook has no way to report a failed instantiation (out of memory): it would wait forever, so the
  // failure races the module's own promise.
  let failed: (error: unknown) => void = quiet;
  const instantiationFailed = new Promise<never>((_, reject) => (failed = reject));
  const instance = await Promise.race([
    ESpeakNg({
      arguments: ['-b', '1', '-v', voice, '-w', '/out.wav', '-f', '/in.txt'],
      preRun: [(created) => created.FS.writeFile('/in.txt', text)],
      instantiateWasm: (imports, done) => {
        void wasm.instantiate(module, imports).then((created) => done(created, module), failed);
        return {};
      },
      print: quiet,
      printErr: quiet,
    }),
    instantiationFailed,
  ]);
  return parseWav(instance.FS.readFile('/out.wav'));
};

/** The text spoken in the language's voice, at the voice protocol's 24 kHz. */
export const espeakSpeak = async (text: string, language: SessionLanguage): Promise<Pcm16> => {
  const spoken = await espeakSynthesize(text, ESPEAK_VOICES[language]);
  return {
    sampleRate: VOICE_SAMPLE_RATE,
    samples: resamplePcm16(spoken.samples, spoken.sampleRate, VOICE_SAMPLE_RATE),
  };
};
