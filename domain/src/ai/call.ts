// The vocabulary of one model call that the adapter, the voice port and the analysis rubric all speak: a leaf
// module, so that none of them imports another to name it.

/** The model a call uses, with its default parameters (a call may narrow them). */
export type AiModelRef = {
  /** The provider's own model or deployment id. */
  modelId: string;
  temperature?: number;
  maxOutputTokens?: number;
};

export type AiUsage = {
  inputTokens: number;
  outputTokens: number;
  /** Speech in or out, for the speech calls. */
  audioSeconds?: number;
};

export type TranscriptTurn = {
  speaker: 'learner' | 'persona';
  text: string;
  /** When known (voice sessions): seconds from the session start. */
  startSeconds?: number;
  endSeconds?: number;
};

/**
 * Why a call failed, in terms a person can act on; `POST /v1/ai_providers/{id}/test` answers the code
 * and its message in the caller's language.
 */
export const AI_CALL_ERROR_CODES = [
  'no_key',
  'wrong_key',
  'unknown_model',
  'unreachable',
  'tls_error',
  'timeout',
  'rate_limited',
  'provider_error',
  'circuit_open',
  'address_refused',
  'invalid_output',
  'cancelled',
  'not_supported',
] as const;
export type AiCallErrorCode = (typeof AI_CALL_ERROR_CODES)[number];

export class AiCallError extends Error {
  constructor(
    readonly code: AiCallErrorCode,
    message: string,
    readonly details: { status?: number; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AiCallError';
  }
}
