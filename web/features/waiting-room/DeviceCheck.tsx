import clsx from 'clsx';
import { Camera, CameraOff, Mic, MicOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ChosenDevices, readChosenDevices, saveChosenDevices } from '../../lib/chosen-devices';
import { cardClass, fieldClass, primaryButton, secondaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';

type CheckState = 'idle' | 'starting' | 'live' | 'denied' | 'absent' | 'unsupported' | 'failed';

const messages: Partial<Record<CheckState, string>> = {
  denied: 'Your browser blocked the camera and microphone. Allow them for this site in the address bar, then try again.',
  absent: 'No camera or microphone was found. Plug one in, then try again.',
  unsupported: 'This browser cannot use a camera or microphone here. Try a recent Chrome, Edge, Firefox or Safari.',
  failed: 'The camera or microphone could not be started. Close other apps that use them, then try again.',
};

const wanted = (id: string | undefined): MediaTrackConstraints | boolean => (id ? { deviceId: id } : true);

/** Both devices if there are both (the ones picked before, if still there); with one missing, whichever there is. */
async function openDevices(chosen: ChosenDevices): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({ video: wanted(chosen.videoInput), audio: wanted(chosen.audioInput) });
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
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const video = useRef<HTMLVideoElement>(null);

  const start = useCallback(async (change: ChosenDevices = {}) => {
    if (!navigator.mediaDevices?.getUserMedia) return setState('unsupported');
    setState('starting');
    try {
      const opened = await openDevices({ ...readChosenDevices(), ...change });
      // What the check ended up using is what the lesson room opens (chosen-devices.ts).
      const audioInput = opened.getAudioTracks()[0]?.getSettings().deviceId;
      const videoInput = opened.getVideoTracks()[0]?.getSettings().deviceId;
      saveChosenDevices({ ...(audioInput ? { audioInput } : {}), ...(videoInput ? { videoInput } : {}) });
      setStream(opened);
      setDevices((await navigator.mediaDevices.enumerateDevices()).filter((d) => d.deviceId && (d.kind === 'audioinput' || d.kind === 'videoinput')));
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
  const inUse = { audioinput: stream?.getAudioTracks()[0]?.getSettings().deviceId, videoinput: stream?.getVideoTracks()[0]?.getSettings().deviceId };
  const pickers = (['videoinput', 'audioinput'] as const).filter((kind) => devices.filter((d) => d.kind === kind).length > 1);
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
      {state === 'live' &&
        pickers.map((kind) => (
          <label key={kind} className="mt-3 block text-sm text-slate-700 dark:text-slate-200">
            {kind === 'videoinput' ? 'Camera' : 'Microphone'}
            <select
              className={clsx(fieldClass(), 'mt-1')}
              value={inUse[kind] ?? ''}
              onChange={(event) => void start(kind === 'videoinput' ? { videoInput: event.target.value } : { audioInput: event.target.value })}
            >
              {devices
                .filter((d) => d.kind === kind)
                .map((d, index) => (
                  <option key={d.deviceId} value={d.deviceId}>
                    {d.label || `${kind === 'videoinput' ? 'Camera' : 'Microphone'} ${index + 1}`}
                  </option>
                ))}
            </select>
          </label>
        ))}
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
