import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvConfig } from '../../schema/contracts/av-signal';
import { avCalls } from '../../web/features/lesson-rooms/media/av-api';
import { callConfig, takeWarmConnection, warmCall } from '../../web/features/lesson-rooms/media/warm-call';

class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  closed = false;
  constructor(readonly options: RTCConfiguration) {
    FakePeerConnection.made.push(this);
  }
  close() {
    this.closed = true;
  }
}

const stun = [{ urls: 'stun:stun.example.org' }];
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  FakePeerConnection.made = [];
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
});
afterEach(() => {
  takeWarmConnection(stun);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the call warmed while the room loads', () => {
  it('asks for the configuration once, hands it to the call once, and asks again on the next visit', async () => {
    const config = vi.spyOn(avCalls, 'config').mockResolvedValue({ mode: 'mesh', iceServers: stun } as AvConfig);
    warmCall('section-1');
    expect(await callConfig('section-1')).toEqual({ mode: 'mesh', iceServers: stun });
    expect(config).toHaveBeenCalledTimes(1);
    await callConfig('section-1');
    expect(config).toHaveBeenCalledTimes(2);
  });

  it('gathers on one connection for those servers, given once, with its candidates pooled from the start', async () => {
    vi.spyOn(avCalls, 'config').mockResolvedValue({ mode: 'mesh', iceServers: stun } as AvConfig);
    warmCall('section-2');
    await settle();
    expect(takeWarmConnection([{ urls: 'stun:other.example.org' }])).toBeNull();
    const pc = takeWarmConnection(stun) as unknown as FakePeerConnection;
    expect(pc.options).toMatchObject({ iceServers: stun, bundlePolicy: 'max-bundle', iceCandidatePoolSize: 1 });
    expect(takeWarmConnection(stun)).toBeNull();
  });

  it('warms nothing for a video service (SFU), and closes a connection nobody took', async () => {
    vi.useFakeTimers();
    const config = vi.spyOn(avCalls, 'config').mockResolvedValue({ mode: 'sfu', iceServers: stun } as AvConfig);
    warmCall('section-3');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeerConnection.made).toHaveLength(0);
    config.mockResolvedValue({ mode: 'mesh', iceServers: stun } as AvConfig);
    warmCall('section-3');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeerConnection.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakePeerConnection.made[0]!.closed).toBe(true);
    expect(takeWarmConnection(stun)).toBeNull();
    vi.useRealTimers();
  });
});
