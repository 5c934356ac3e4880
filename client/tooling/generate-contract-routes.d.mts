/** Absolute path of client/src/lib/http/contract-routes.ts. */
export declare const CONTRACT_ROUTES_FILE: string;
/** The operation groups among the contracts' exports, sorted by the name contract-routes.ts gives them. */
export declare const operationGroups: (contracts: Record<string, unknown>) => { name: string; source: string }[];
/** The text contract-routes.ts must have for these contracts. */
export declare const contractRoutesSource: (contracts: Record<string, unknown>) => Promise<string>;
