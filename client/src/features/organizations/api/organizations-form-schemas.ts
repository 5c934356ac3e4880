import { organizationOperations } from '@ai-coaching/contracts';

// Apart from the api file, which stays without zod (client/CONTEXT.md "API files").

/** What an organization's details sends. */
export const organizationFormSchema = organizationOperations.create.body;

/** What the operator's name sends. */
export const operatorNameFormSchema = organizationOperations.changeOperatorName.body;
