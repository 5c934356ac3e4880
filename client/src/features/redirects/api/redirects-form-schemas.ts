import { redirectOperations } from '@ai-coaching/contracts';

// Apart from the api file, which stays without zod (client/CONTEXT.md "API files").

/** What a redirect sends. */
export const redirectFormSchema = redirectOperations.save.body;
