/** Everything the audio and video panel says, in words; the states come from the browser's errors and the links. */

export type DeviceProblem = 'denied' | 'absent' | 'busy' | 'unsupported' | 'failed';

export const deviceProblemWords: Record<DeviceProblem, string> = {
  denied: 'Your browser blocked the camera and microphone. Allow them for this site in the address bar, then try again.',
  absent: 'No camera or microphone was found. Plug one in, then try again.',
  busy: 'Your camera or microphone is in use by another app or tab. Close it there, then try again.',
  unsupported: 'This browser cannot use a camera or microphone here. Try a recent Chrome, Edge, Firefox or Safari.',
  failed: 'The camera or microphone could not be started. Try again, or pick another device.',
};

/** What getUserMedia's error means for the person. */
export function deviceProblemOf(error: unknown): DeviceProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'absent';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

export const VIDEO_LIMIT_WORDS = 'Video is limited to four people here. You can keep talking with audio only, or watch.';
export const RECONNECTING_WORDS = 'The connection dropped. Reconnecting…';
export const WATCHING_WORDS = 'You are watching this lesson: you see and hear everyone, and they do not see or hear you.';

export const modeWords = { mesh: 'Direct connection (up to 4 people)', sfu: 'Through the video service' } as const;

export type LinkStatus = 'connecting' | 'connected' | 'reconnecting' | 'failed';

export const linkWords: Record<LinkStatus, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  failed: 'Could not connect. Check the network; trying again.',
};

/** "Sam, microphone off, camera off, speaking" — what a tile is, read aloud. */
export function tileLabel(name: string, media: { mic: boolean; camera: boolean }, speaking: boolean) {
  return [name, media.mic ? 'microphone on' : 'microphone off', media.camera ? 'camera on' : 'camera off', ...(speaking ? ['speaking'] : [])].join(', ');
}
