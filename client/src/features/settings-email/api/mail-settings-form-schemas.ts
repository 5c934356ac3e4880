import { mailSettingsOperations } from '@ai-coaching/contracts';

// Apart from the api file, which stays without zod (client/CONTEXT.md "API files").

/** What the mail settings sends. */
export const mailSettingsFormSchema = mailSettingsOperations.save.body;
