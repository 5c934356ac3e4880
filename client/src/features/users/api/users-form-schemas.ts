import { userOperations } from '@ai-coaching/contracts';

// Apart from the api file, which stays without zod (client/CONTEXT.md "API files").

/** What an invitation sends. */
export const userInviteFormSchema = userOperations.invite.body;

/** What a user's changes sends. */
export const userUpdateFormSchema = userOperations.update.body;
