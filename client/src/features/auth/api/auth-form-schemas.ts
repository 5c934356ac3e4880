import { authOperations } from '@ai-coaching/contracts';

// Apart from the api file, which stays without zod (client/CONTEXT.md "API files").

/** What the login form sends. */
export const loginFormSchema = authOperations.login.body;
