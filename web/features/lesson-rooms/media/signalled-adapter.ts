import type { AvServerFrame, MediaState } from '../../../../schema/contracts/av-signal';
import { Subscribers } from '../../../lib/subscribers';
import type { AdapterSnapshot, LocalTracks, MediaAdapter } from './media-adapter';
import type { SignalChannel } from './signal-channel';

/**
 * What the mesh and the SFU share: both listen to the room through the board's socket, hand the panel a snapshot
 * (the same object until something changes, as `useSyncExternalStore` wants) and leave the call the same way.
 */
export abstract class SignalledAdapter implements MediaAdapter {
  abstract readonly mode: MediaAdapter['mode'];
  private readonly subscribers = new Subscribers();
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
    this.subscribers.notify();
  }

  getSnapshot = () => this.snapshot;

  subscribe = this.subscribers.subscribe;

  close() {
    this.channel.send({ type: 'leave' });
    for (const off of this.unsubscribe) off();
    this.hangUp();
    this.subscribers.clear();
  }
}
