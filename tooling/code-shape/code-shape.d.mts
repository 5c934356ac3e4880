export declare const LIMITS: { fileLines: number; functionLines: number };
export declare const sourceFiles: (root?: string) => string[];
export declare const measureShape: (
  root?: string,
  files?: string[],
) => {
  longFiles: { file: string; lines: number }[];
  longFunctions: { file: string; line: number; name: string; lines: number }[];
};
export declare const importGraph: (root?: string, files?: string[]) => Map<string, string[]>;
export declare const importCycles: (graph: Map<string, string[]>) => string[][];
