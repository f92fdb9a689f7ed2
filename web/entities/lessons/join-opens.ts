import { useEffect, useState } from 'react';

/**
 * The visible words for a Join or Start that is not open yet, from the server's `joinOpensAt` (the one join rule in
 * worker/lib/lessons/join-window.ts): the time when it opens today, otherwise how long until then.
 */
export function joinOpensText(joinOpensAt: string, now: number, timeZone: string) {
  const opens = Date.parse(joinOpensAt);
  const day = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
  if (opens - now < 12 * 3_600_000 && day(opens) === day(now)) {
    return `Opens at ${new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', minute: '2-digit' }).format(opens)}`;
  }
  const hours = Math.round((opens - now) / 3_600_000);
  // Days from the time itself, not from rounded hours, so "Opens in 7 days" agrees with a countdown to the start.
  return hours < 48 ? `Opens in ${Math.max(1, hours)} h` : `Opens in ${Math.round((opens - now) / 86_400_000)} days`;
}

/** Whether the window the server gave is open now; it re-checks every 15 seconds so a waiting page opens on time. */
export function useJoinOpen(joinOpensAt: string | undefined, joinClosesAt: string | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const open = joinOpensAt !== undefined && joinClosesAt !== undefined && now >= Date.parse(joinOpensAt) && now < Date.parse(joinClosesAt);
  return { open, now };
}
