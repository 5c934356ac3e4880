// The microphone (issue 14 §4; spec §3 storage keys, §5 and §8 messages). Framework-free, so the play screen, the
// microphone check and their tests share it.

import { IS_MICROPHONE_CONFIGURED_KEY, SELECTED_INPUT_KEY } from './storage-keys';

export { IS_MICROPHONE_CONFIGURED_KEY, SELECTED_INPUT_KEY };

/** Spec §5, word for word: what the user reads (in English; the interface translates it by `code`). */
export const MICROPHONE_DENIED_MESSAGE =
  'The permission to use microphone is denied. Please allow access in your browser settings.';
/** Spec §8: a browser without the API, rethrown as the denied message. */
export const MEDIA_DEVICES_UNSUPPORTED = 'MediaDevices API not supported';

export class MicrophoneError extends Error {
  constructor(
    readonly code: 'microphone_denied' | 'microphone_not_found' | 'microphone_busy',
    message: string,
  ) {
    super(message);
    this.name = 'MicrophoneError';
  }
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;
export type MicrophoneDeps = {
  mediaDevices: Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices'> | undefined;
  local: Storage;
  session: Storage;
};

export const browserMicrophoneDeps = (): MicrophoneDeps => ({
  mediaDevices: typeof navigator === 'undefined' ? undefined : navigator.mediaDevices,
  local: localStorage,
  session: sessionStorage,
});

/** Spec §9: echo cancellation and noise suppression on, mono, 44,100 Hz. */
export const captureConstraints = (deviceId: string | null): MediaTrackConstraints => ({
  ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
  channelCount: 1,
  sampleRate: 44_100,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
});

const nameOf = (error: unknown) => (typeof error === 'object' && error !== null ? (error as Error).name : '');

/** The failure as the user can act on it: allow access, plug a microphone in, or close what holds it. */
export const toMicrophoneError = (error: unknown): MicrophoneError => {
  const name = nameOf(error);
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return new MicrophoneError('microphone_not_found', 'No microphone was found. Plug one in and try again.');
  }
  if (name === 'NotReadableError' || name === 'AbortError') {
    return new MicrophoneError(
      'microphone_busy',
      'The microphone is in use elsewhere. Close what uses it and try again.',
    );
  }
  // NotAllowedError, SecurityError, and a browser without the API (spec §8: rethrown as the denied message).
  return new MicrophoneError('microphone_denied', MICROPHONE_DENIED_MESSAGE);
};

/**
 * Opens the chosen (else the remembered, else the default) microphone. Success remembers the choice and marks the
 * microphone as configured for this tab; a remembered device that is gone falls back to the default one.
 */
export const openMicrophone = async (deps: MicrophoneDeps, deviceId?: string | null): Promise<MediaStream> => {
  const chosen = deviceId === undefined ? deps.local.getItem(SELECTED_INPUT_KEY) : deviceId;
  try {
    if (!deps.mediaDevices?.getUserMedia) throw new Error(MEDIA_DEVICES_UNSUPPORTED);
    let stream: MediaStream;
    try {
      stream = await deps.mediaDevices.getUserMedia({ audio: captureConstraints(chosen) });
    } catch (error) {
      if (!chosen || (nameOf(error) !== 'OverconstrainedError' && nameOf(error) !== 'NotFoundError')) throw error;
      stream = await deps.mediaDevices.getUserMedia({ audio: captureConstraints(null) });
    }
    const used = stream.getAudioTracks()[0]?.getSettings().deviceId;
    if (used) deps.local.setItem(SELECTED_INPUT_KEY, used);
    deps.session.setItem(IS_MICROPHONE_CONFIGURED_KEY, 'true');
    return stream;
  } catch (error) {
    throw toMicrophoneError(error);
  }
};

export type MicrophoneChoice = { deviceId: string; label: string };

/** The microphones to pick from; their names show only once access was granted (browsers hide them before). */
export const listMicrophones = async (deps: MicrophoneDeps): Promise<MicrophoneChoice[]> => {
  if (!deps.mediaDevices?.enumerateDevices) return [];
  const devices = await deps.mediaDevices.enumerateDevices();
  return devices
    .filter((device) => device.kind === 'audioinput' && device.deviceId !== '')
    .map((device, index) => ({ deviceId: device.deviceId, label: device.label || `#${index + 1}` }));
};
