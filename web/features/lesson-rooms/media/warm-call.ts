import type { AvConfig } from '../../../../schema/contracts/av-signal';
import { avCalls } from './av-api';

/**
 * The call's first steps, taken while the room is still loading: its configuration is asked for alongside the lesson
 * and, for a mesh, one connection starts gathering its candidates at once (tens of milliseconds in a page that is
 * still starting, and on the joiner's clock otherwise). Each is taken once: a later visit asks again, since TURN
 * credentials expire, and a connection nobody took is closed.
 */
const UNTAKEN_FOR_MS = 30_000;

/** How every call connection is made: one transport for all transceivers, its candidates gathered from the start. */
export const connectionOptions = (iceServers: RTCIceServer[]): RTCConfiguration => ({ iceServers, bundlePolicy: 'max-bundle', iceCandidatePoolSize: 1 });

let asked: { sectionId: string; config: Promise<AvConfig> } | null = null;
let warm: { iceServers: string; pc: RTCPeerConnection; timer: ReturnType<typeof setTimeout> } | null = null;

export function warmCall(sectionId: string) {
  const config = avCalls.config(sectionId);
  asked = { sectionId, config };
  config.then(
    ({ mode, iceServers }) => {
      if (mode !== 'mesh' || typeof RTCPeerConnection === 'undefined') return;
      dropWarm();
      const pc = new RTCPeerConnection(connectionOptions(iceServers));
      warm = { iceServers: JSON.stringify(iceServers), pc, timer: setTimeout(dropWarm, UNTAKEN_FOR_MS) };
    },
    () => undefined,
  );
}

/** The room's call configuration: the one asked for while the room loaded, or a fresh one. */
export function callConfig(sectionId: string): Promise<AvConfig> {
  const early = asked?.sectionId === sectionId ? asked.config : null;
  asked = null;
  return early ?? avCalls.config(sectionId);
}

/** The connection warmed for these servers, if there is one. */
export function takeWarmConnection(iceServers: RTCIceServer[]): RTCPeerConnection | null {
  if (!warm || warm.iceServers !== JSON.stringify(iceServers)) return null;
  const { pc, timer } = warm;
  clearTimeout(timer);
  warm = null;
  return pc;
}

function dropWarm() {
  if (!warm) return;
  clearTimeout(warm.timer);
  warm.pc.close();
  warm = null;
}
