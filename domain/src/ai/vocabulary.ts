// The AI layer's vocabulary, shared by the providers' entities, the AI port and its adapters.

/**
 * How a provider is spoken to. `openai_compatible` is any server speaking Chat Completions at a base
 * URL (Ollama, vLLM, LM Studio); `builtin` is the offline provider every platform has.
 */
export const AI_PROVIDER_KINDS = [
  'openai',
  'openai_azure',
  'openai_compatible',
  'azure_microsoft',
  'elevenlabs',
  'openai_audio',
  'builtin',
] as const;
export type AiProviderKind = (typeof AI_PROVIDER_KINDS)[number];

/** Spec §3 "Speech provider kinds". */
export const SPEECH_PROVIDER_KINDS = ['azure_microsoft', 'elevenlabs', 'openai_azure', 'openai_audio'] as const;

/** What a model can be used for. */
export const AI_CAPABILITIES = ['chat', 'realtime', 'transcription', 'speech'] as const;
export type AiCapability = (typeof AI_CAPABILITIES)[number];

/** Spec §3 "Session languages". */
export const SESSION_LANGUAGES = ['en-GB', 'en-US', 'fr-FR'] as const;
export type SessionLanguage = (typeof SESSION_LANGUAGES)[number];

/** Spec §4: what the AI writes to end a role-play, and the outcome each gives. */
export const OUTCOME_MARKERS = { '#-WIN-#': 'win', '[[WIN]]': 'win', '[[LOSE]]': 'loose', '[[END]]': 'end' } as const;
export type OutcomeMarker = keyof typeof OUTCOME_MARKERS;
export type RoleplayOutcome = (typeof OUTCOME_MARKERS)[OutcomeMarker];

/** The first outcome marker in a text, if any, and the text without it. */
export const findOutcomeMarker = (text: string): { outcome?: RoleplayOutcome; text: string } => {
  let first: { index: number; marker: OutcomeMarker } | undefined;
  for (const marker of Object.keys(OUTCOME_MARKERS) as OutcomeMarker[]) {
    const index = text.indexOf(marker);
    if (index >= 0 && (!first || index < first.index)) first = { index, marker };
  }
  if (!first) return { text };
  return { outcome: OUTCOME_MARKERS[first.marker], text: text.split(first.marker).join('').trim() };
};
