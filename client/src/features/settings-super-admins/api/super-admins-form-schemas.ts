import { superAdminOperations } from '@ai-coaching/contracts';

// Apart from the api file, which stays without zod (client/CONTEXT.md "API files").

/** What a super-admin's invitation sends. */
export const superAdminInviteFormSchema = superAdminOperations.invite.body;
