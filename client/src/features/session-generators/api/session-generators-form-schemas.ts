import { sessionGeneratorOperations } from '@ai-coaching/contracts';

// Apart from the api file, which stays without zod (client/CONTEXT.md "API files").

/** What a generator sends. */
export const sessionGeneratorFormSchema = sessionGeneratorOperations.create.body;
