import clsx from 'clsx';
import { CameraOff, MicOff, MonitorUp } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSpeaking } from './audio-level';
import { tileLabel } from './media-words';

export interface TileProps {
  name: string;
  stream: MediaStream | null;
  mic: boolean;
  camera: boolean;
  /** a screen being shared: shown whole, never mirrored */
  screen?: boolean;
  self?: boolean;
  /** "Reconnecting…" and the like, shown over the picture */
  status?: string | null;
  width: number;
  peerId?: string;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** One person (or one shared screen): their picture or initials, name, a ring while they speak, and icons for off. */
export function VideoTile({ name, stream, mic, camera, screen = false, self = false, status, width, peerId }: TileProps) {
  const video = useRef<HTMLVideoElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const speaking = useSpeaking(stream, mic && !screen && Boolean(stream?.getAudioTracks().length));
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
    // Remote sound plays through its own element; our own is never played back to us.
    if (audio.current && audio.current.srcObject !== stream) audio.current.srcObject = stream;
  });
  const showVideo = camera || screen;
  return (
    <figure
      data-testid={screen ? 'screen-tile' : self ? 'self-tile' : 'remote-tile'}
      data-peer={peerId}
      data-mic={mic ? 'on' : 'off'}
      data-camera={camera ? 'on' : 'off'}
      aria-label={screen ? `${name}'s screen` : tileLabel(name, { mic, camera }, speaking)}
      style={{ width }}
      className={clsx(
        'relative aspect-video shrink-0 overflow-hidden rounded-xl bg-slate-800 ring-2 transition-shadow',
        speaking ? 'ring-emerald-400' : 'ring-transparent',
      )}
    >
      <video
        ref={video}
        autoPlay
        playsInline
        muted
        data-remote={self || screen ? undefined : 'true'}
        className={clsx('size-full', screen ? 'object-contain' : 'object-cover', self && !screen && '-scale-x-100', !showVideo && 'invisible')}
      />
      {!self && !screen && <audio ref={audio} autoPlay />}
      {!showVideo && (
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-slate-600 text-lg font-semibold text-white" aria-hidden>
            {initials(name)}
          </span>
        </span>
      )}
      <figcaption className="absolute inset-x-0 bottom-0 flex items-center gap-1 bg-slate-950/70 px-2 py-1 text-xs text-white">
        {screen && <MonitorUp className="size-3.5 shrink-0" aria-hidden />}
        <span className="min-w-0 truncate">{screen ? `${name}'s screen` : self ? `${name} (you)` : name}</span>
        {!screen && !mic && <MicOff className="ml-auto size-3.5 shrink-0" aria-label="Microphone off" data-testid="muted-icon" />}
        {!screen && !camera && <CameraOff className={clsx('size-3.5 shrink-0', mic && 'ml-auto')} aria-label="Camera off" />}
      </figcaption>
      {status && (
        <span role="status" className="absolute inset-x-0 top-0 bg-slate-950/70 px-2 py-1 text-xs text-white">
          {status}
        </span>
      )}
    </figure>
  );
}
