export declare const renderClusterNginxConf: (options: {
  source: string;
  edgePort: number;
  apiPorts: number[];
  gatewayPorts: number[];
  clientDir: string;
  clusterDir: string;
  mimeTypes?: string;
  user?: string;
  down?: number[];
}) => string;
export declare const readDeployNginxConf: (root: string) => string;
