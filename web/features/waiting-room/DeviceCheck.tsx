import clsx from 'clsx';
import { Camera, CameraOff, Mic, MicOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cardClass, primaryButton, secondaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';

type CheckState = 'idle' | 'starting' | 'live' | 'denied' | 'absent' | 'unsupported' | 'failed';

const messages: Partial<Record<CheckState, string>> = {
  denied: 'Your browser blocked the camera and microphone. Allow them for this site in the address bar, then try again.',
  absent: 'No camera or microphone was found. Plug one in, then try again.',
  unsupported: 'This browser cannot use a camera or microphone here. Try a recent Chrome, Edge, Firefox or Safari.',
  failed: 'The camera or microphone could not be started. Close other apps that use them, then try again.',
};

/** Both devices if there are both; with one missing, whichever there is. */
async function openDevices(): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  } catch (error) {
    if (!(error instanceof DOMException) || (error.name !== 'NotFoundError' && error.name !== 'OverconstrainedError')) throw error;
    try {
      return await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return navigator.mediaDevices.getUserMedia({ video: true });
    }
  }
}

function stateFor(error: unknown): CheckState {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'absent';
  return 'failed';
}

/** Mic loudness 0..1 from the stream, for the meter; stops with the returned function. */
function listen(stream: MediaStream, onLevel: (level: number) => void) {
  if (!stream.getAudioTracks().length || typeof AudioContext === 'undefined') return () => undefined;
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let frame = 0;
  const tick = () => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const s of samples) sum += s * s;
    // RMS of speech sits around 0.05 to 0.2; scale so normal talking fills most of the bar.
    onLevel(Math.min(1, Math.sqrt(sum / samples.length) * 5));
    frame = requestAnimationFrame(tick);
  };
  tick();
  return () => {
    cancelAnimationFrame(frame);
    void context.close();
  };
}

/** Camera preview and microphone meter, started by the person (no permission prompt on arrival). */
export default function DeviceCheck({ className }: { className?: string }) {
  const [state, setState] = useState<CheckState>('idle');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [level, setLevel] = useState(0);
  const video = useRef<HTMLVideoElement>(null);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) return setState('unsupported');
    setState('starting');
    try {
      setStream(await openDevices());
      setState('live');
    } catch (error) {
      setState(stateFor(error));
    }
  }, []);

  const stop = useCallback(() => {
    setStream(null);
    setLevel(0);
    setState('idle');
  }, []);

  useEffect(() => {
    if (!stream) return;
    if (video.current) video.current.srcObject = stream;
    const stopListening = listen(stream, setLevel);
    return () => {
      stopListening();
      for (const track of stream.getTracks()) track.stop();
    };
  }, [stream]);

  const hasVideo = Boolean(stream?.getVideoTracks().length);
  const hasAudio = Boolean(stream?.getAudioTracks().length);
  const message = messages[state];
  return (
    <section aria-labelledby="device-check-title" className={clsx(cardClass, 'p-5 sm:p-6', className)}>
      <h2 id="device-check-title" className="text-base font-semibold text-slate-900 dark:text-white">
        Camera and microphone
      </h2>
      <div className="relative mt-4 aspect-video overflow-hidden rounded-xl bg-slate-900">
        {hasVideo ? (
          <video ref={video} data-testid="camera-preview" autoPlay muted playsInline className="size-full -scale-x-100 object-cover" aria-label="Your camera" />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-slate-400">
            {state === 'live' ? <CameraOff className="size-8" aria-hidden="true" /> : <Camera className="size-8" aria-hidden="true" />}
            <p className="text-sm">{state === 'live' ? 'No camera' : 'Preview appears here'}</p>
          </div>
        )}
      </div>
      <div className="mt-4 flex items-center gap-3">
        {hasAudio ? (
          <Mic className="size-5 shrink-0 text-brand-deep" aria-hidden="true" />
        ) : (
          <MicOff className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
        )}
        <div
          role="meter"
          aria-label="Microphone level"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(level * 100)}
          className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div className="h-full rounded-full bg-brand transition-[width] duration-75" style={{ width: `${Math.round(level * 100)}%` }} />
        </div>
      </div>
      {state === 'live' && (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300" role="status">
          {hasVideo && hasAudio
            ? 'Camera and microphone work. Say something to see the meter move.'
            : hasVideo
              ? 'Camera works; no microphone was found.'
              : 'Microphone works; no camera was found.'}
        </p>
      )}
      {message && (
        <p className="mt-3 text-sm text-rose-700 dark:text-rose-300" role="alert">
          {message}
        </p>
      )}
      <div className="mt-4">
        {state === 'live' ? (
          <button type="button" className={secondaryButton} onClick={stop}>
            Stop check
          </button>
        ) : (
          <button type="button" className={primaryButton} onClick={() => void start()} disabled={state === 'starting' || state === 'unsupported'}>
            {state === 'starting' && <Spinner className="size-4" />}
            {state === 'idle' || state === 'starting' ? 'Check camera and microphone' : 'Try again'}
          </button>
        )}
      </div>
    </section>
  );
}
