import {
  aiModelOperations,
  aiProviderOperations,
  aiServiceKeyOperations,
  aiSpeechVoiceOperations,
} from '@ai-coaching/contracts';

// Apart from the api file, which stays without zod (client/CONTEXT.md "API files").

/** What a new provider sends. */
export const aiProviderCreateFormSchema = aiProviderOperations.create.body;

/** What a provider's changes sends. */
export const aiProviderUpdateFormSchema = aiProviderOperations.update.body;

/** What a new model sends. */
export const aiModelFormSchema = aiModelOperations.create.body;

/** What a new service key sends. */
export const aiServiceKeyFormSchema = aiServiceKeyOperations.create.body;

/** What a new voice sends. */
export const aiSpeechVoiceFormSchema = aiSpeechVoiceOperations.create.body;
