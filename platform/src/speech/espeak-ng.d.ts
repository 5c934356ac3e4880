// The espeak-ng package (eSpeak NG compiled by Emscripten) ships no types: what platform/src/speech/espeak.ts uses.
declare module 'espeak-ng' {
  export type ESpeakNgModule = {
    FS: { readFile(path: string): Uint8Array; writeFile(path: string, data: string | Uint8Array): void };
  };
  export type ESpeakNgOptions = {
    arguments: string[];
    preRun?: ((module: ESpeakNgModule) => void)[];
    /** Emscripten's hook to instantiate the WebAssembly module itself (imports, then the instance and module). */
    instantiateWasm?: (imports: object, done: (instance: object, module: object) => void) => object;
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  };
  const ESpeakNg: (options: ESpeakNgOptions) => Promise<ESpeakNgModule>;
  export default ESpeakNg;
}
