import { userGroupOperations } from '@ai-coaching/contracts';

// Apart from the api file, which stays without zod (client/CONTEXT.md "API files").

/** What a group (creating and editing) sends. */
export const userGroupFormSchema = userGroupOperations.create.body;
