/**
 * The camera and microphone a person picked, kept on this device under one key: the waiting room's device check
 * writes it and the lesson room reads it (and writes it when the person switches there).
 */
export const CHOSEN_DEVICES_KEY = 'studyhall.media-devices';

export interface ChosenDevices {
  audioInput?: string;
  videoInput?: string;
}

export function readChosenDevices(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ChosenDevices | null {
  try {
    const raw = storage?.getItem(CHOSEN_DEVICES_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== 'object') return null;
    const { audioInput, videoInput } = value as Record<string, unknown>;
    return { ...(typeof audioInput === 'string' ? { audioInput } : {}), ...(typeof videoInput === 'string' ? { videoInput } : {}) };
  } catch {
    return null;
  }
}

export function saveChosenDevices(change: ChosenDevices, storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage) {
  try {
    storage?.setItem(CHOSEN_DEVICES_KEY, JSON.stringify({ ...readChosenDevices(storage), ...change }));
  } catch {
    // Private mode or a full storage: the choice lasts this page only.
  }
}
