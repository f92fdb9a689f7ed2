import { type DeviceProblem, deviceProblemOf } from './media-words';

export type Opened = { ok: true; track: MediaStreamTrack } | { ok: false; problem: DeviceProblem };

/** One microphone or camera track, the chosen device first; a chosen device that is gone falls back to the default. */
export async function openTrack(kind: 'audio' | 'video', deviceId: string | undefined): Promise<Opened> {
  if (!navigator.mediaDevices?.getUserMedia) return { ok: false, problem: 'unsupported' };
  const constraints = (id?: string): MediaStreamConstraints => ({ [kind]: id ? { deviceId: { exact: id } } : true });
  try {
    const stream = await navigator.mediaDevices.getUserMedia(constraints(deviceId)).catch((error: unknown) => {
      if (deviceId && deviceProblemOf(error) === 'absent') return navigator.mediaDevices.getUserMedia(constraints());
      throw error;
    });
    const track = kind === 'audio' ? stream.getAudioTracks()[0] : stream.getVideoTracks()[0];
    return track ? { ok: true, track } : { ok: false, problem: 'absent' };
  } catch (error) {
    return { ok: false, problem: deviceProblemOf(error) };
  }
}

export async function openScreen(): Promise<MediaStreamTrack | null> {
  try {
    const stream = await navigator.mediaDevices.getDisplayMedia({ video: true });
    return stream.getVideoTracks()[0] ?? null;
  } catch {
    // Cancelling the browser's picker is a choice, not a problem to show.
    return null;
  }
}

export async function listInputs(): Promise<MediaDeviceInfo[]> {
  if (!navigator.mediaDevices?.enumerateDevices) return [];
  const devices = await navigator.mediaDevices.enumerateDevices().catch(() => []);
  return devices.filter((d) => (d.kind === 'audioinput' || d.kind === 'videoinput') && d.deviceId);
}
