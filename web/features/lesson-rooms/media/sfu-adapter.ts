import type { AvPeer, AvServerFrame, MediaState, SfuAnswer, SfuRequest, SfuTracks } from '../../../../schema/contracts/av-signal';
import { mediaOff } from '../../../../schema/contracts/av-signal';
import type { LocalTracks, RemotePeer } from './media-adapter';
import type { LinkStatus } from './media-words';
import { nextLinkStatus } from './peer-link';
import type { SignalChannel } from './signal-channel';
import { SignalledAdapter } from './signalled-adapter';

const KINDS = ['audio', 'camera', 'screen'] as const;

/**
 * Cloudflare Realtime: this device publishes its three transceivers (microphone, camera, screen) into one SFU
 * session and pulls everyone else's tracks into a second one. The room's socket carries only who is in the call and
 * where their tracks are (the media frame's `sfu`); the Worker makes the SFU calls, so the app token stays there.
 */
export class SfuAdapter extends SignalledAdapter {
  readonly mode = 'sfu' as const;
  private selfId: string | null = null;
  private online = false;
  private refusal: string | null = null;
  private status: LinkStatus = 'connecting';
  private readonly peers = new Map<string, AvPeer>();
  private readonly streams = new Map<string, { stream: MediaStream; screen: MediaStream }>();
  /** mid on the pulling connection → whose track of which kind */
  private readonly pulledMids = new Map<string, { peerId: string; kind: (typeof KINDS)[number] }>();
  private readonly pulled = new Set<string>();
  private media: MediaState = mediaOff;
  private published: SfuTracks | undefined;
  private readonly pub: RTCPeerConnection;
  private readonly sub: RTCPeerConnection;
  private subSession: Promise<{ sessionId: string; seal: string }> | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    channel: SignalChannel,
    iceServers: RTCIceServer[],
    watching: boolean,
    private readonly call: (request: SfuRequest) => Promise<SfuAnswer>,
  ) {
    super(channel);
    this.pub = new RTCPeerConnection({ iceServers, bundlePolicy: 'max-bundle' });
    this.sub = new RTCPeerConnection({ iceServers, bundlePolicy: 'max-bundle' });
    for (const pc of [this.pub, this.sub]) {
      pc.onconnectionstatechange = () => {
        this.status = nextLinkStatus(this.status, { kind: 'state', connection: pc.connectionState });
        if (pc.connectionState === 'failed') pc.restartIce();
        this.emit();
      };
    }
    this.sub.ontrack = (event) => {
      const owner = event.transceiver.mid ? this.pulledMids.get(event.transceiver.mid) : undefined;
      if (!owner) return;
      const target = this.streamsOf(owner.peerId);
      // A new stream, not an added track, so a <video> given the stream sees the change.
      if (owner.kind === 'screen') target.screen = new MediaStream([...target.screen.getTracks(), event.track]);
      else target.stream = new MediaStream([...target.stream.getTracks(), event.track]);
      this.emit();
    };
    this.listen(
      (frame) => this.serial(() => this.onFrame(frame)),
      (connected) => {
        if (connected) this.join();
        this.online = connected && this.online;
        this.emit();
      },
    );
    if (!watching) this.serial(() => this.publish());
    this.join();
  }

  /** SFU calls and SDP changes run one at a time: a pull must not interleave with another's renegotiation. */
  private serial(task: () => Promise<unknown>) {
    this.queue = this.queue.then(task).catch(() => {
      this.status = 'failed';
      this.emit();
    });
  }

  private join() {
    this.channel.send({ type: 'media', media: this.media, ...(this.published ? { sfu: this.published } : {}) });
  }

  private async publish() {
    const transceivers = KINDS.map((kind) => this.pub.addTransceiver(kind === 'audio' ? 'audio' : 'video', { direction: 'sendonly' }));
    const { sessionId, seal } = await this.call({ op: 'newSession' });
    if (!sessionId || !seal) throw new Error('no session');
    await this.pub.setLocalDescription(await this.pub.createOffer());
    const tracks = transceivers.map((t, i) => ({ mid: t.mid ?? String(i), trackName: `${crypto.randomUUID().replaceAll('-', '')}-${KINDS[i]}` }));
    const answer = await this.call({ op: 'publish', sessionId, seal, offer: { type: 'offer', sdp: this.pub.localDescription!.sdp }, tracks });
    if (answer.sessionDescription) await this.pub.setRemoteDescription(answer.sessionDescription);
    this.published = { sessionId, tracks: tracks.map((t, i) => ({ kind: KINDS[i]!, trackName: t.trackName })) };
    this.join();
  }

  private async pull(peer: AvPeer) {
    if (!peer.sfu || this.pulled.has(peer.sfu.sessionId)) return;
    this.pulled.add(peer.sfu.sessionId);
    this.subSession ??= this.call({ op: 'newSession' }).then(({ sessionId, seal }) =>
      sessionId && seal ? { sessionId, seal } : Promise.reject(new Error('no session')),
    );
    const { sessionId, seal } = await this.subSession;
    const answer = await this.call({ op: 'pull', sessionId, seal, remote: peer.sfu });
    for (const track of answer.tracks ?? []) {
      const kind = peer.sfu.tracks.find((t) => t.trackName === track.trackName)?.kind;
      if (track.mid && kind) this.pulledMids.set(track.mid, { peerId: peer.peerId, kind });
    }
    if (answer.requiresImmediateRenegotiation && answer.sessionDescription) {
      await this.sub.setRemoteDescription(answer.sessionDescription);
      await this.sub.setLocalDescription(await this.sub.createAnswer());
      await this.call({ op: 'renegotiate', sessionId, seal, answer: { type: 'answer', sdp: this.sub.localDescription!.sdp } });
    }
  }

  setLocal(tracks: LocalTracks, media: MediaState) {
    this.media = media;
    const senders = this.pub.getTransceivers();
    KINDS.forEach((kind, i) => {
      const sender = senders[i]?.sender;
      const track = tracks[kind];
      if (sender && sender.track !== track) void sender.replaceTrack(track).catch(() => undefined);
    });
    if (this.selfId) this.join();
  }

  protected hangUp() {
    this.pub.close();
    this.sub.close();
  }

  private async onFrame(frame: AvServerFrame) {
    if (frame.type === 'welcome') {
      this.selfId = frame.peerId;
      this.online = true;
      for (const peer of frame.peers) this.peers.set(peer.peerId, peer);
      for (const peer of frame.peers) await this.pull(peer);
    } else if (frame.type === 'peer') {
      this.peers.set(frame.peer.peerId, frame.peer);
      await this.pull(frame.peer);
    } else if (frame.type === 'peerLeft') {
      this.peers.delete(frame.peerId);
      this.streams.delete(frame.peerId);
    } else if (frame.type === 'refused') this.refusal = frame.message;
    this.emit();
  }

  private streamsOf(peerId: string) {
    let entry = this.streams.get(peerId);
    if (!entry) {
      entry = { stream: new MediaStream(), screen: new MediaStream() };
      this.streams.set(peerId, entry);
    }
    return entry;
  }

  private emit() {
    const peers: RemotePeer[] = [...this.peers.values()].map((peer) => ({
      ...peer,
      status: this.online ? this.status : 'reconnecting',
      ...this.streamsOf(peer.peerId),
    }));
    this.setSnapshot({ selfId: this.selfId, online: this.online, peers, refusal: this.refusal });
  }
}
