import { useEffect, useRef, useState } from 'react';

/** How often a playing replay moves its slider: smooth enough to read, rare enough not to redraw the board needlessly. */
const TICK_MS = 200;

/**
 * The replay's clock: the time on the timeline (ms), moving at `speed` while playing and stopping at the end. It opens
 * at the end, on the lesson as it was left; Play from there starts again from the beginning.
 */
export function useReplayClock(length: number) {
  const [time, setTime] = useState(length);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const origin = useRef({ time: 0, wall: 0 });

  useEffect(() => {
    if (!playing) return;
    origin.current = { time, wall: performance.now() };
    const timer = setInterval(() => {
      const next = origin.current.time + (performance.now() - origin.current.wall) * speed;
      if (next >= length) {
        setTime(length);
        setPlaying(false);
      } else {
        setTime(next);
      }
    }, TICK_MS);
    return () => clearInterval(timer);
    // The clock restarts from wherever a seek or a speed change left it, not on its own ticks.
  }, [playing, speed, length]);

  const seek = (to: number) => {
    const clamped = Math.min(length, Math.max(0, to));
    origin.current = { time: clamped, wall: performance.now() };
    setTime(clamped);
  };

  // The timeline may shorten once the players know how long their tracks really are.
  const now = Math.min(time, length);

  const toggle = () => {
    if (!playing && now >= length) seek(0);
    setPlaying(!playing);
  };

  return { time: now, playing, speed, setSpeed, seek, toggle };
}
