import { useEffect, useState } from 'react';

let shared: AudioContext | null = null;
const context = () => {
  shared ??= new AudioContext();
  if (shared.state === 'suspended') void shared.resume().catch(() => undefined);
  return shared;
};

/** RMS of a stream's audio, 0..1, read from an AnalyserNode. */
export function watchLevel(stream: MediaStream, onLevel: (level: number) => void, everyMs = 150) {
  if (typeof AudioContext === 'undefined' || stream.getAudioTracks().length === 0) return () => undefined;
  const ctx = context();
  const source = ctx.createMediaStreamSource(stream);
  const analyser = ctx.createAnalyser();
  analyser.fftSize = 512;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const s of samples) sum += s * s;
    onLevel(Math.sqrt(sum / samples.length));
  }, everyMs);
  return () => {
    clearInterval(timer);
    source.disconnect();
  };
}

/** Speech RMS sits around 0.02 to 0.2; under this it is room noise. */
export const SPEAKING_LEVEL = 0.02;

/** Whether someone is speaking on `stream` (its audio track live), for the tile's ring. */
export function useSpeaking(stream: MediaStream | null, live: boolean) {
  const [speaking, setSpeaking] = useState(false);
  useEffect(() => {
    if (!stream || !live) {
      setSpeaking(false);
      return;
    }
    return watchLevel(stream, (level) => setSpeaking(level > SPEAKING_LEVEL));
  }, [stream, live]);
  return speaking;
}
