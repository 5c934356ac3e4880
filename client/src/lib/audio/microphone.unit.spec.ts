import { describe, expect, it, vi } from 'vitest';
import {
  IS_MICROPHONE_CONFIGURED_KEY,
  MICROPHONE_DENIED_MESSAGE,
  SELECTED_INPUT_KEY,
  listMicrophones,
  openMicrophone,
  type MicrophoneDeps,
} from './microphone';

const store = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
};
const streamOf = (deviceId: string) =>
  ({ getAudioTracks: () => [{ getSettings: () => ({ deviceId }) }] }) as unknown as MediaStream;
const domError = (name: string) => Object.assign(new Error(name), { name });

const depsWith = (getUserMedia: MediaDevices['getUserMedia'], devices: MediaDeviceInfo[] = []): MicrophoneDeps => ({
  mediaDevices: { getUserMedia, enumerateDevices: async () => devices },
  local: store(),
  session: store(),
});

describe('the microphone', () => {
  it('opens with echo cancellation and noise suppression, mono, 44.1 kHz, and remembers the device used', async () => {
    const getUserMedia = vi.fn(async () => streamOf('mic-2'));
    const deps = depsWith(getUserMedia);
    await openMicrophone(deps, 'mic-2');
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: expect.objectContaining({
        deviceId: { exact: 'mic-2' },
        channelCount: 1,
        sampleRate: 44_100,
        echoCancellation: true,
        noiseSuppression: true,
      }),
    });
    expect(deps.local.getItem(SELECTED_INPUT_KEY)).toBe('mic-2');
    expect(deps.session.getItem(IS_MICROPHONE_CONFIGURED_KEY)).toBe('true');
  });

  it('falls back to the default microphone when the remembered one is gone', async () => {
    const getUserMedia = vi
      .fn<MediaDevices['getUserMedia']>()
      .mockRejectedValueOnce(domError('OverconstrainedError'))
      .mockResolvedValueOnce(streamOf('default'));
    const deps = depsWith(getUserMedia);
    deps.local.setItem(SELECTED_INPUT_KEY, 'unplugged');
    await openMicrophone(deps);
    expect(getUserMedia).toHaveBeenLastCalledWith({
      audio: expect.not.objectContaining({ deviceId: expect.anything() }),
    });
    expect(deps.local.getItem(SELECTED_INPUT_KEY)).toBe('default');
  });

  it('says the spec’s denied message when access is refused, and when the browser has no MediaDevices API', async () => {
    const refused = openMicrophone(depsWith(async () => Promise.reject(domError('NotAllowedError'))));
    await expect(refused).rejects.toMatchObject({ code: 'microphone_denied', message: MICROPHONE_DENIED_MESSAGE });
    const unsupported = openMicrophone({ mediaDevices: undefined, local: store(), session: store() });
    await expect(unsupported).rejects.toMatchObject({ code: 'microphone_denied', message: MICROPHONE_DENIED_MESSAGE });
  });

  it('tells a missing microphone and a busy one apart from a refusal, and marks nothing configured', async () => {
    const deps = depsWith(async () => Promise.reject(domError('NotFoundError')));
    await expect(openMicrophone(deps, null)).rejects.toMatchObject({ code: 'microphone_not_found' });
    await expect(
      openMicrophone(depsWith(async () => Promise.reject(domError('NotReadableError')))),
    ).rejects.toMatchObject({
      code: 'microphone_busy',
    });
    expect(deps.session.getItem(IS_MICROPHONE_CONFIGURED_KEY)).toBeNull();
  });

  it('lists the audio inputs only', async () => {
    const devices = [
      { kind: 'audioinput', deviceId: 'a', label: 'Headset' },
      { kind: 'videoinput', deviceId: 'v', label: 'Camera' },
      { kind: 'audioinput', deviceId: 'b', label: '' },
    ] as MediaDeviceInfo[];
    expect(await listMicrophones(depsWith(async () => streamOf('a'), devices))).toEqual([
      { deviceId: 'a', label: 'Headset' },
      { deviceId: 'b', label: '#2' },
    ]);
  });
});
