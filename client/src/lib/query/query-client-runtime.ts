import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';

// Loaded on demand (lazy-query-client.tsx). A named import, not `import('@tanstack/react-query')`: the start-up code
// takes the package's context from the same entry module, and a namespace import would pull all of it in there.
export const createQueryClient = (config: QueryClientConfig): QueryClient => new QueryClient(config);
