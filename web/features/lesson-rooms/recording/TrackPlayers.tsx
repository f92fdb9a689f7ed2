import { useEffect, useRef, useState } from 'react';
import type { RecordingTrack } from '../../../../schema/contracts/lesson-recordings';
import { type Timeline, trackPosition } from './replay-timeline';

/** The players drift from the clock by at most this much before they are moved back to it. */
const DRIFT_S = 0.4;

/**
 * One audio player per recorded track, kept on the replay's clock: each plays while the clock is inside its track and
 * is paused outside it; a seek moves them all. A recorder's WebM file does not say how long it is, so each player is
 * sent to the end once to learn its duration.
 */
export function TrackPlayers({
  tracks,
  urls,
  timeline,
  time,
  playing,
  speed,
  onDuration,
}: {
  tracks: RecordingTrack[];
  urls: Record<string, string>;
  timeline: Timeline;
  time: number;
  playing: boolean;
  speed: number;
  onDuration: (trackId: string, seconds: number) => void;
}) {
  const players = useRef(new Map<string, HTMLAudioElement>());
  const [durations, setDurations] = useState<Record<string, number>>({});

  useEffect(() => {
    for (const track of tracks) {
      const player = players.current.get(track._id);
      if (!player || !urls[track._id]) continue;
      const position = trackPosition(track, timeline, time, durations[track._id]);
      player.playbackRate = speed;
      if (position === null) {
        if (!player.paused) player.pause();
        continue;
      }
      if (Math.abs(player.currentTime - position) > DRIFT_S) player.currentTime = position;
      if (playing && player.paused) void player.play().catch(() => undefined);
      if (!playing && !player.paused) player.pause();
    }
  }, [tracks, urls, timeline, time, playing, speed, durations]);

  const learnDuration = (trackId: string, player: HTMLAudioElement) => {
    if (Number.isFinite(player.duration)) {
      setDurations((known) => ({ ...known, [trackId]: player.duration }));
      onDuration(trackId, player.duration);
      return;
    }
    player.addEventListener(
      'durationchange',
      () => {
        player.currentTime = 0;
        learnDuration(trackId, player);
      },
      { once: true },
    );
    player.currentTime = Number.MAX_SAFE_INTEGER;
  };

  return (
    <>
      {tracks.map((track) =>
        urls[track._id] ? (
          <audio
            key={track._id}
            ref={(player) => {
              if (player) players.current.set(track._id, player);
              else players.current.delete(track._id);
            }}
            src={urls[track._id]}
            preload="auto"
            aria-label={`${track.name}'s microphone`}
            data-track={track._id}
            onLoadedMetadata={(event) => learnDuration(track._id, event.currentTarget)}
            hidden
          />
        ) : null,
      )}
    </>
  );
}
