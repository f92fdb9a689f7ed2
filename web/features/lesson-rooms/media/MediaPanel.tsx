import clsx from 'clsx';
import { Camera, CameraOff, ChevronDown, ChevronUp, Mic, MicOff, MonitorUp } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { WebsocketProvider } from 'y-websocket';
import { focusRing } from '../../../ui/classes';
import { DeviceMenu } from './DeviceMenu';
import { MediaToggle } from './MediaToggle';
import { deviceProblemWords, linkWords, modeWords, RECONNECTING_WORDS, VIDEO_LIMIT_WORDS, WATCHING_WORDS } from './media-words';
import { tileLayout } from './tile-layout';
import { useMediaRoom, videoRoomFor } from './use-media-room';
import { VideoTile } from './VideoTile';

/**
 * The lesson's audio and video: a strip of tiles above the board (never over it) with this person's controls. The
 * strip can be folded away to give the board the room; until someone chooses, it shows only while someone in the call
 * has a camera, a microphone or a screen on, so a lesson where everyone is off keeps the board's full height.
 */
export default function MediaPanel({
  sectionId,
  provider,
  watching,
  name,
}: {
  sectionId: string;
  provider: WebsocketProvider;
  watching: boolean;
  name: string;
}) {
  const room = useMediaRoom({ sectionId, provider, watching });
  const strip = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  const [foldChoice, setFoldChoice] = useState<boolean | null>(null);
  useLayoutEffect(() => {
    const element = strip.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth || 800);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { snapshot, media, tracks } = room;
  // Our own picture and microphone, for the preview and the speaking ring; never played back to us.
  const selfStream = useMemo(() => {
    const own = [tracks.camera, tracks.audio].filter((track): track is MediaStreamTrack => track !== null);
    return own.length > 0 ? new MediaStream(own) : null;
  }, [tracks.camera, tracks.audio]);
  const selfScreen = useMemo(() => (tracks.screen ? new MediaStream([tracks.screen]) : null), [tracks.screen]);
  const screens = [
    ...(selfScreen ? [{ key: 'self-screen', name, stream: selfScreen }] : []),
    ...snapshot.peers.filter((p) => p.media.screen).map((p) => ({ key: `${p.peerId}-screen`, name: p.name, stream: p.screen })),
  ];
  const count = 1 + snapshot.peers.length + screens.length;
  const live = media.mic || media.camera || media.screen || snapshot.peers.some((p) => p.media.mic || p.media.camera || p.media.screen);
  const folded = foldChoice ?? !live;
  const layout = tileLayout(count, width);
  const offline = Boolean(room.mode) && !snapshot.online;
  const problem = room.problem ? deviceProblemWords[room.problem] : null;
  // Said before anyone tries: in a full mesh, someone without video joins with audio only or watches.
  const notice =
    room.notice ?? snapshot.refusal ?? (room.mode && !watching && !media.camera && !videoRoomFor(snapshot.peers, room.mode) ? VIDEO_LIMIT_WORDS : null);

  return (
    <section aria-label="Audio and video" className="flex flex-col gap-2" data-testid="media-panel">
      <div className="flex flex-wrap items-center gap-2">
        {!watching && (
          <>
            <MediaToggle
              on={media.mic}
              onToggle={() => void room.toggleMic()}
              onIcon={Mic}
              offIcon={MicOff}
              title={media.mic ? 'Mute' : 'Unmute'}
              label={media.mic ? 'Mute' : 'Turn on microphone'}
            />
            <MediaToggle
              on={media.camera}
              onToggle={() => void room.toggleCamera()}
              onIcon={Camera}
              offIcon={CameraOff}
              title={media.camera ? 'Turn off camera' : 'Turn on camera'}
              label={media.camera ? 'Turn off camera' : 'Turn on camera'}
            />
            <button
              type="button"
              className={clsx(
                'inline-flex size-10 items-center justify-center rounded-full ring-1 transition',
                focusRing,
                media.screen
                  ? 'bg-brand/20 text-slate-900 ring-brand dark:text-white'
                  : 'text-slate-700 ring-slate-300 hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-600',
              )}
              aria-pressed={media.screen}
              onClick={() => void room.toggleScreen()}
              title={media.screen ? 'Stop sharing your screen' : 'Share your screen'}
            >
              <MonitorUp className="size-5" aria-hidden />
              <span className="sr-only">{media.screen ? 'Stop sharing your screen' : 'Share your screen'}</span>
            </button>
            <DeviceMenu
              devices={room.devices}
              chosen={room.chosen}
              onChoose={(kind, id) => void room.chooseDevice(kind, id)}
              className="inline-flex size-10 items-center justify-center rounded-full text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-600"
            />
          </>
        )}
        {room.mode && (
          <span className="text-xs text-slate-600 dark:text-slate-300" data-testid="media-mode">
            {modeWords[room.mode]}
          </span>
        )}
        <button
          type="button"
          onClick={() => setFoldChoice(!folded)}
          aria-expanded={!folded}
          aria-controls="media-tiles"
          className={clsx(
            'ml-auto inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300 dark:text-slate-200 dark:ring-slate-600',
            focusRing,
          )}
        >
          {folded ? <ChevronDown className="size-4" aria-hidden /> : <ChevronUp className="size-4" aria-hidden />}
          {folded ? 'Show video' : 'Hide video'}
        </button>
      </div>
      {watching && <p className="text-sm text-slate-600 dark:text-slate-300">{WATCHING_WORDS}</p>}
      {room.setupFailed && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          Audio and video could not be set up. Reload the page to try again.
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300" data-testid="media-problem">
          {problem}
        </p>
      )}
      {notice && (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
          {notice}
        </p>
      )}
      {offline && (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
          {RECONNECTING_WORDS}
        </p>
      )}
      <div ref={strip} id="media-tiles" className={clsx('flex gap-2 overflow-x-auto pb-1', folded && 'hidden')}>
        {!watching && <VideoTile self name={name} stream={selfStream} mic={media.mic} camera={media.camera} width={layout.width} />}
        {snapshot.peers.map((peer) => (
          <VideoTile
            key={peer.peerId}
            peerId={peer.peerId}
            name={peer.name}
            stream={peer.stream}
            mic={peer.media.mic}
            camera={peer.media.camera}
            width={layout.width}
            status={peer.status === 'connected' ? null : linkWords[peer.status]}
          />
        ))}
        {screens.map((screen) => (
          <VideoTile key={screen.key} screen name={screen.name} stream={screen.stream} mic={false} camera={false} width={layout.width} />
        ))}
        {snapshot.peers.length === 0 && room.mode && (
          <p className="self-center px-2 text-sm text-slate-600 dark:text-slate-300">Nobody else is in the call yet. They appear here when they join.</p>
        )}
      </div>
    </section>
  );
}
