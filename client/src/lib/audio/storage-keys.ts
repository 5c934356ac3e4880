// The microphone's storage keys (spec section 3), apart from the microphone code: the auth feature clears them at
// sign-out, and importing them must not bring the audio code into the start-up chunk.

/** localStorage: the microphone the user picked, kept across sessions (a logout keeps it). */
export const SELECTED_INPUT_KEY = 'selectedInput';
/** sessionStorage: the microphone was checked in this tab (a logout clears it). */
export const IS_MICROPHONE_CONFIGURED_KEY = 'isMicrophoneConfigured';
