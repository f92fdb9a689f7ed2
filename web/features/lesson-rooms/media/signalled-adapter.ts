import type { AvServerFrame, MediaState } from '../../../../schema/contracts/av-signal';
import type { AdapterSnapshot, LocalTracks, MediaAdapter } from './media-adapter';
import type { SignalChannel } from './signal-channel';

/**
 * What the mesh and the SFU share: both listen to the room through the board's socket, hand the panel a snapshot
 * (the same object until something changes, as `useSyncExternalStore` wants) and leave the call the same way.
 */
export abstract class SignalledAdapter implements MediaAdapter {
  abstract readonly mode: MediaAdapter['mode'];
  private readonly listeners = new Set<() => void>();
  private snapshot: AdapterSnapshot = { selfId: null, online: false, peers: [], refusal: null };
  private unsubscribe: (() => void)[] = [];

  constructor(protected readonly channel: SignalChannel) {}

  abstract setLocal(tracks: LocalTracks, media: MediaState): void;

  /** Closes this device's connections to the others. */
  protected abstract hangUp(): void;

  /** Hears the room's frames, and whether the board's socket is open. */
  protected listen(onFrame: (frame: AvServerFrame) => void, onStatus: (connected: boolean) => void) {
    this.unsubscribe = [this.channel.subscribe(onFrame), this.channel.onStatus(onStatus)];
  }

  protected setSnapshot(snapshot: AdapterSnapshot) {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }

  getSnapshot = () => this.snapshot;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  close() {
    this.channel.send({ type: 'leave' });
    for (const off of this.unsubscribe) off();
    this.hangUp();
    this.listeners.clear();
  }
}
