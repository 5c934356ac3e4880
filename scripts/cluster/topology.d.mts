export type ClusterSettings = {
  clusterDir: string;
  edgePort: number;
  portBase: number;
  databaseUrl: string;
  redisUrl: string;
  adminEmail: string;
  logLevel: string;
  /** NODE_EXTRA_CA_CERTS of the start, passed to every process. */
  extraCaCerts?: string;
  /** CLUSTER_NODE_ARGS of the start: node's arguments before every runtime's entry. */
  nodeArgs: string[];
};
export type ClusterProcess = {
  name: string;
  kind: 'api' | 'gateway' | 'workers' | 'projections';
  port: number;
  entry: string;
};
export declare const root: string;
export declare const KINDS: Record<ClusterProcess['kind'], { entry: string; count: number; offset: number }>;
export declare const DEFAULTS: Record<string, string | number>;
export declare const settingsFromEnv: (env?: Record<string, string | undefined>) => ClusterSettings;
export declare const settingsFile: (clusterDir: string) => string;
export declare const savedSettings: (clusterDir: string) => ClusterSettings | undefined;
export declare const processesOf: (settings: Pick<ClusterSettings, 'portBase'>) => ClusterProcess[];
export declare const pidFile: (settings: ClusterSettings, name: string) => string;
export declare const logFile: (settings: ClusterSettings, name: string) => string;
export declare const edgeUrl: (settings: ClusterSettings) => string;
export declare const ensureSecrets: (clusterDir: string) => { AUTH_SECRET: string; ADMIN_PASSWORD: string };
export declare const environmentOf: (
  settings: ClusterSettings,
  secrets: { AUTH_SECRET: string; ADMIN_PASSWORD: string },
  processInfo: ClusterProcess,
  baseEnv?: Record<string, string | undefined>,
) => Record<string, string | undefined>;
