import { type AvPeer, type AvServerFrame, type MediaState, mediaOff } from '../../../../schema/contracts/av-signal';
import type { LocalTracks, RemotePeer } from './media-adapter';
import { type LinkStatus } from './media-words';
import { nextLinkStatus, RESTART_AFTER_MS, shouldRestart } from './peer-link';
import type { SignalChannel } from './signal-channel';
import { SignalledAdapter } from './signalled-adapter';
import { connectionOptions, takeWarmConnection } from './warm-call';

type Send = SignalChannel['send'];

/**
 * The spare's offer, made before anyone is named, waits for the candidates being gathered, so they travel inside it
 * instead of one frame each: until gathering completes, or nothing new came for GATHER_QUIET_MS after a candidate
 * (host candidates arrive together within milliseconds, while Chromium reports "complete" only a hundred or more
 * later), and never past GATHER_WAIT_MS (a slow STUN or TURN server). Once someone is named, a description is on
 * the joiner's clock: it goes at once with what it has, and later candidates trickle.
 */
export const GATHER_WAIT_MS = 250;
export const GATHER_QUIET_MS = 5;
/** The next standby is made this long after one is used, off the critical moments of a join. */
const STANDBY_AFTER_MS = 1000;

function gathered(pc: RTCPeerConnection) {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise<void>((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(cap);
      clearTimeout(quiet);
      pc.removeEventListener('icegatheringstatechange', check);
      pc.removeEventListener('icecandidate', candidate);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const candidate = () => {
      clearTimeout(quiet);
      quiet = setTimeout(done, GATHER_QUIET_MS);
    };
    const cap = setTimeout(done, GATHER_WAIT_MS);
    pc.addEventListener('icegatheringstatechange', check);
    pc.addEventListener('icecandidate', candidate);
  });
}

/**
 * One RTCPeerConnection to one other peer. Only the offerer (whoever was in the call first) ever offers, with three
 * transceivers in a fixed order (microphone, camera, screen); the answerer sends on the ones the offer made. So
 * turning a camera on or off is a `replaceTrack`, never a renegotiation, and offers never cross.
 */
class Link {
  readonly pc: RTCPeerConnection;
  /** Replaced (not added to) when a track arrives, so a <video> given the stream sees the change. */
  stream = new MediaStream();
  screen = new MediaStream();
  status: LinkStatus = 'connecting';
  private pendingIce: RTCIceCandidateInit[] = [];
  /** Candidates found before our description is sent travel inside it. */
  private described = false;
  /** A description made and not yet sent: a spare link's offer waits for the peer it will be for. */
  private unsent: 'offer' | 'answer' | null = null;
  private disconnectedAt = 0;
  /**
   * While a description is applied the browser fires a track event per transceiver; the page re-renders once, after
   * our answer is on its way, instead of three times before it.
   */
  private applying = false;
  private restartTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    /** Null for the spare: an offer made before anyone is named, so that joining does not wait for it. */
    private peerId: string | null,
    readonly offerer: boolean,
    iceServers: RTCIceServer[],
    private readonly send: Send,
    private readonly sending: boolean,
    private readonly changed: () => void,
    warmed: RTCPeerConnection | null = null,
  ) {
    // Its candidates are gathered from now, not from our description: an answerer is named before the offer comes.
    this.pc = warmed ?? new RTCPeerConnection(connectionOptions(iceServers));
    this.pc.onicecandidate = (event) => {
      if (event.candidate && this.described && this.peerId) this.send({ type: 'ice', to: this.peerId, candidate: event.candidate.toJSON() as never });
    };
    this.pc.ontrack = (event) => {
      if (this.pc.getTransceivers().indexOf(event.transceiver) === 2) this.screen = new MediaStream([...this.screen.getTracks(), event.track]);
      else this.stream = new MediaStream([...this.stream.getTracks(), event.track]);
      if (!this.applying) this.changed();
    };
    this.pc.onconnectionstatechange = () => this.onState();
    if (offerer) {
      const direction = sending ? 'sendrecv' : 'recvonly';
      this.pc.addTransceiver('audio', { direction });
      this.pc.addTransceiver('video', { direction });
      this.pc.addTransceiver('video', { direction });
      this.pc.onnegotiationneeded = () => void this.offer();
    }
  }

  private async offer() {
    try {
      await this.describe('offer');
    } catch {
      this.setStatus('failed');
    }
  }

  /** Sets and sends our offer (with the candidates gathered by then) or our answer; later candidates trickle. */
  private async describe(type: 'offer' | 'answer') {
    this.described = false;
    await this.pc.setLocalDescription();
    this.unsent = type;
    // The spare, not yet meant for anyone, gathers while it waits; once addressed it goes with what it has.
    if (!this.peerId) await gathered(this.pc);
    this.sendDescription();
  }

  /** The current description, with every candidate found by now inside it. */
  private sendDescription() {
    const description = this.pc.localDescription;
    if (!this.unsent || !this.peerId || !description) return;
    this.send({ type: this.unsent, to: this.peerId, sdp: description.sdp });
    this.unsent = null;
    this.described = true;
  }

  /** Gives the spare its peer: its offer, made already, goes at once. */
  address(peerId: string) {
    this.peerId = peerId;
    this.sendDescription();
  }

  async onOffer(sdp: string, local: LocalTracks) {
    await this.applyingRemote(async () => {
      await this.pc.setRemoteDescription({ type: 'offer', sdp });
      await this.drainIce();
      if (this.sending) for (const transceiver of this.pc.getTransceivers()) transceiver.direction = 'sendrecv';
      this.setLocal(local);
      await this.describe('answer');
    });
  }

  async onAnswer(sdp: string) {
    if (this.pc.signalingState !== 'have-local-offer') return;
    await this.applyingRemote(async () => {
      await this.pc.setRemoteDescription({ type: 'answer', sdp });
      await this.drainIce();
    });
  }

  private async applyingRemote(apply: () => Promise<void>) {
    this.applying = true;
    try {
      await apply();
    } finally {
      this.applying = false;
      this.changed();
    }
  }

  async addIce(candidate: RTCIceCandidateInit) {
    if (!this.pc.remoteDescription) {
      this.pendingIce.push(candidate);
      return;
    }
    await this.pc.addIceCandidate(candidate).catch(() => undefined);
  }

  private async drainIce() {
    for (const candidate of this.pendingIce.splice(0)) await this.pc.addIceCandidate(candidate).catch(() => undefined);
  }

  setLocal(local: LocalTracks) {
    if (!this.sending) return;
    const [audio, camera, screen] = this.pc.getTransceivers();
    for (const [transceiver, track] of [
      [audio, local.audio],
      [camera, local.camera],
      [screen, local.screen],
    ] as const) {
      if (transceiver && transceiver.sender.track !== track) void transceiver.sender.replaceTrack(track).catch(() => undefined);
    }
  }

  private onState() {
    const state = this.pc.connectionState;
    if (state === 'disconnected' && !this.disconnectedAt) this.disconnectedAt = Date.now();
    if (state !== 'disconnected') this.disconnectedAt = 0;
    this.setStatus(nextLinkStatus(this.status, { kind: 'state', connection: state }));
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    if (shouldRestart(this.offerer, state, 0)) this.pc.restartIce();
    else if (this.offerer && state === 'disconnected') {
      this.restartTimer = setTimeout(() => {
        if (shouldRestart(this.offerer, this.pc.connectionState, Date.now() - this.disconnectedAt)) this.pc.restartIce();
      }, RESTART_AFTER_MS);
    }
  }

  private setStatus(status: LinkStatus) {
    if (status === this.status) return;
    this.status = status;
    this.changed();
  }

  close() {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.pc.close();
  }
}

const NO_MEDIA = typeof MediaStream === 'undefined' ? (null as unknown as MediaStream) : new MediaStream();

/** The local mode: a direct connection to each other person, signalled through the board's room. */
export class MeshAdapter extends SignalledAdapter {
  readonly mode = 'mesh' as const;
  private selfId: string | null = null;
  /** This socket's peer id as the room told it on opening, with who was in the call (kept in `peers`). */
  private rosterId: string | null = null;
  /** Who the room said was in the call when this socket opened: they were there first, so we offer to them. */
  private rosterPeers: string[] = [];
  private joined = false;
  /** The room answered our join: from then on, anyone new came after us. */
  private welcomed = false;
  private online = false;
  private refusal: string | null = null;
  private readonly peers = new Map<string, AvPeer>();
  private readonly links = new Map<string, Link>();
  /**
   * An offering connection made before the room names anyone, because making an offer (the connection, its
   * transceivers, the description and its candidates) takes tens of milliseconds in a page that is still starting.
   * The first peer we offer to takes it; once the join is settled an unused one is closed.
   */
  private spare: Link | null = null;
  /**
   * Once we are in the call, a connection gathering its candidates for the next person who joins and offers to us,
   * so that our answer and its candidates are not on their clock. Made again a moment after each use.
   */
  private standby: RTCPeerConnection | null = null;
  private standbyTimer: ReturnType<typeof setTimeout> | null = null;
  private local: LocalTracks = { audio: null, camera: null, screen: null };
  private media: MediaState = mediaOff;

  constructor(
    channel: SignalChannel,
    private readonly iceServers: RTCIceServer[],
    /** An admin who only watches receives and sends nothing. */
    private readonly watching: boolean,
  ) {
    super(channel);
    this.listen(
      (frame) => void this.onFrame(frame),
      (connected) => {
        if (connected) this.join();
        else {
          this.online = false;
          this.joined = false;
          this.welcomed = false;
          this.rosterId = null;
          this.rosterPeers = [];
          this.spare ??= this.newSpare();
          this.emit();
        }
      },
    );
    this.spare = this.newSpare();
    this.join();
  }

  setLocal(tracks: LocalTracks, media: MediaState) {
    const changed = media.mic !== this.media.mic || media.camera !== this.media.camera || media.screen !== this.media.screen;
    this.local = tracks;
    this.media = media;
    for (const link of this.links.values()) link.setLocal(tracks);
    if (changed && this.selfId) this.channel.send({ type: 'media', media });
  }

  protected hangUp() {
    for (const link of this.links.values()) link.close();
    this.links.clear();
    this.closeSpare();
    this.closeStandby();
  }

  private closeSpare() {
    this.spare?.close();
    this.spare = null;
  }

  private takeStandby() {
    const pc = this.standby;
    this.standby = null;
    this.keepStandby(STANDBY_AFTER_MS);
    return pc;
  }

  private keepStandby(afterMs: number) {
    if (this.standby || this.standbyTimer || typeof RTCPeerConnection === 'undefined') return;
    this.standbyTimer = setTimeout(() => {
      this.standbyTimer = null;
      this.standby = new RTCPeerConnection(connectionOptions(this.iceServers));
    }, afterMs);
  }

  private closeStandby() {
    if (this.standbyTimer) clearTimeout(this.standbyTimer);
    this.standbyTimer = null;
    this.standby?.close();
    this.standby = null;
  }

  /**
   * Joining is sending our media state; the room answers with a welcome, again after every reconnect. Whoever joins
   * later offers, so offers never cross: told on opening who was in the call, we offer to them in the same breath as
   * the join, one trip through the room sooner than waiting for the welcome. The welcome settles the rest.
   */
  private join() {
    if (!this.channel.send({ type: 'media', media: this.media })) return;
    this.joined = true;
    this.offerToRoster();
  }

  private offerToRoster() {
    if (!this.rosterId || (this.selfId !== null && this.selfId !== this.rosterId)) return;
    this.selfId = this.rosterId;
    for (const peerId of this.rosterPeers) this.link(peerId, true);
  }

  private async onFrame(frame: AvServerFrame) {
    switch (frame.type) {
      case 'roster':
        this.rosterId = frame.peerId;
        this.rosterPeers = frame.peers.map((peer) => peer.peerId);
        for (const peer of frame.peers) this.peers.set(peer.peerId, peer);
        // The join went out before the roster came in: everyone it names was in the call before us all the same.
        if (this.joined && this.selfId === null) this.offerToRoster();
        break;
      case 'welcome':
        // A new socket is a new peer: connections of the old one are gone on the other side too.
        if (this.selfId !== frame.peerId) this.dropAll();
        this.selfId = frame.peerId;
        this.online = true;
        this.welcomed = true;
        // Those in the call before us wait for our offer (made already if the roster named them); anyone else we
        // heard of since came after us, and offers to us.
        for (const peer of frame.peers) this.upsert(peer, true);
        for (const peer of [...this.peers.values()]) this.upsert(peer, false);
        this.closeSpare();
        this.keepStandby(0);
        break;
      case 'peer':
        // Before the welcome, who came first is not settled: the peer is only noted.
        if (this.welcomed) this.upsert(frame.peer, false);
        else this.peers.set(frame.peer.peerId, frame.peer);
        break;
      case 'peerLeft':
        this.drop(frame.peerId);
        break;
      case 'offer': {
        const link = this.link(frame.from, false);
        if (link) await link.onOffer(frame.sdp, this.local).catch(() => undefined);
        break;
      }
      case 'answer':
        await this.links
          .get(frame.from)
          ?.onAnswer(frame.sdp)
          .catch(() => undefined);
        break;
      case 'ice':
        await this.links.get(frame.from)?.addIce(frame.candidate as RTCIceCandidateInit);
        break;
      case 'refused':
        this.refusal = frame.message;
        break;
    }
    this.emit();
  }

  private upsert(peer: AvPeer, offerer: boolean) {
    this.peers.set(peer.peerId, peer);
    if (this.selfId) this.link(peer.peerId, offerer);
  }

  private link(peerId: string, offerer: boolean) {
    if (!this.selfId) return null;
    let link = this.links.get(peerId);
    if (!link) {
      if (!offerer) link = this.newLink(peerId, false, this.takeStandby());
      else if (this.spare) {
        link = this.spare;
        this.spare = null;
        link.address(peerId);
      } else link = this.newLink(peerId, true);
      this.links.set(peerId, link);
      if (offerer) link.setLocal(this.local);
    }
    return link;
  }

  /** None where the browser has no WebRTC: the panel still shows who is here and says what is missing. */
  private newSpare() {
    return typeof RTCPeerConnection === 'undefined' ? null : this.newLink(null, true, takeWarmConnection(this.iceServers));
  }

  private newLink(peerId: string | null, offerer: boolean, warmed: RTCPeerConnection | null = null) {
    return new Link(peerId, offerer, this.iceServers, this.channel.send, !this.watching, () => this.emit(), warmed);
  }

  private drop(peerId: string) {
    this.peers.delete(peerId);
    this.links.get(peerId)?.close();
    this.links.delete(peerId);
  }

  private dropAll() {
    for (const id of [...this.peers.keys()]) this.drop(id);
  }

  private emit() {
    const peers: RemotePeer[] = [...this.peers.values()].map((peer) => {
      const link = this.links.get(peer.peerId);
      return {
        ...peer,
        status: this.online ? (link?.status ?? 'connecting') : 'reconnecting',
        stream: link?.stream ?? NO_MEDIA,
        screen: link?.screen ?? NO_MEDIA,
      };
    });
    this.setSnapshot({ selfId: this.selfId, online: this.online, peers, refusal: this.refusal });
  }
}
