import { fireEvent, render, screen } from '@testing-library/react';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { Camera, CameraOff } from 'lucide-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvClientFrame, AvServerFrame, SfuAnswer, SfuRequest } from '../../schema/contracts/av-signal';
import MediaPanel from '../../web/features/lesson-rooms/media/MediaPanel';
import { MediaToggle } from '../../web/features/lesson-rooms/media/MediaToggle';
import { deviceProblemOf, deviceProblemWords, tileLabel, VIDEO_LIMIT_WORDS } from '../../web/features/lesson-rooms/media/media-words';
import { MeshAdapter } from '../../web/features/lesson-rooms/media/mesh-adapter';
import { nextLinkStatus, RESTART_AFTER_MS, shouldRestart } from '../../web/features/lesson-rooms/media/peer-link';
import { SfuAdapter } from '../../web/features/lesson-rooms/media/sfu-adapter';
import type { SignalChannel } from '../../web/features/lesson-rooms/media/signal-channel';
import { tileLayout } from '../../web/features/lesson-rooms/media/tile-layout';
import { videoRoomFor } from '../../web/features/lesson-rooms/media/use-media-room';
import { VideoTile } from '../../web/features/lesson-rooms/media/VideoTile';
import { CHOSEN_DEVICES_KEY, readChosenDevices, saveChosenDevices } from '../../web/lib/chosen-devices';
import { json, mockApi } from './fetch-mock';

describe('a peer connection in words', () => {
  it('connects, says "Reconnecting…" when it drops, and comes back', () => {
    let status = nextLinkStatus('connecting', { kind: 'state', connection: 'connecting' });
    expect(status).toBe('connecting');
    status = nextLinkStatus(status, { kind: 'state', connection: 'connected' });
    expect(status).toBe('connected');
    status = nextLinkStatus(status, { kind: 'state', connection: 'disconnected' });
    expect(status).toBe('reconnecting');
    // An ICE restart goes through "connecting" again: still reconnecting, not a fresh start.
    status = nextLinkStatus(status, { kind: 'state', connection: 'connecting' });
    expect(status).toBe('reconnecting');
    expect(nextLinkStatus(status, { kind: 'state', connection: 'failed' })).toBe('failed');
    expect(nextLinkStatus('failed', { kind: 'state', connection: 'connected' })).toBe('connected');
  });

  it('restarts ICE on the offering side only: at once when failed, after a while when disconnected', () => {
    expect(shouldRestart(true, 'failed', 0)).toBe(true);
    expect(shouldRestart(false, 'failed', 0)).toBe(false);
    expect(shouldRestart(true, 'disconnected', RESTART_AFTER_MS - 1)).toBe(false);
    expect(shouldRestart(true, 'disconnected', RESTART_AFTER_MS)).toBe(true);
    expect(shouldRestart(true, 'connected', RESTART_AFTER_MS * 10)).toBe(false);
  });
});

/** Just enough of RTCPeerConnection for the mesh to negotiate against: offers and answers are labelled strings. */
class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  transceivers: { kind: string; direction: string; mid: string; sender: { track: unknown; replaceTrack: (t: unknown) => Promise<void> } }[] = [];
  localDescription: { type: string; sdp: string } | null = null;
  remoteDescription: { type: string; sdp: string } | null = null;
  signalingState = 'stable';
  connectionState = 'new';
  iceGatheringState = 'complete';
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate = null;
  ontrack = null;
  onconnectionstatechange = null;
  constructor() {
    FakePeerConnection.made.push(this);
  }
  addTransceiver(kind: string, init: { direction: string }) {
    const sender = { track: null as unknown, replaceTrack: async (t: unknown) => void (sender.track = t) };
    const transceiver = { kind, direction: init.direction, mid: String(this.transceivers.length), sender };
    this.transceivers.push(transceiver);
    // As browsers do: one negotiationneeded for changes made together.
    if (this.negotiating) return transceiver;
    this.negotiating = true;
    queueMicrotask(() => {
      this.negotiating = false;
      this.onnegotiationneeded?.();
    });
    return transceiver;
  }
  private negotiating = false;
  getTransceivers() {
    return this.transceivers;
  }
  async createOffer() {
    return { type: 'offer', sdp: `offer with ${this.transceivers.length} transceivers` };
  }
  async createAnswer() {
    return { type: 'answer', sdp: `answer with ${this.transceivers.length} transceivers` };
  }
  async setLocalDescription(given?: { type: string; sdp: string }) {
    const type = this.remoteDescription?.type === 'offer' ? 'answer' : 'offer';
    this.localDescription = given ?? { type, sdp: `${type} with ${this.transceivers.length} transceivers` };
    this.signalingState = type === 'offer' ? 'have-local-offer' : 'stable';
  }
  async setRemoteDescription(description: { type: string; sdp: string }) {
    this.remoteDescription = description;
    if (description.type === 'offer') for (const kind of ['audio', 'video', 'video']) this.addTransceiver(kind, { direction: 'recvonly' });
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
  }
  async addIceCandidate() {}
  restartIce() {}
  closed = false;
  close() {
    this.closed = true;
  }
}

/** `early` are what the room said before the call's code loaded: heard on subscribing, as the real channel does. */
function fakeChannel(early: AvServerFrame[] = []) {
  const sent: AvClientFrame[] = [];
  let listener: (frame: AvServerFrame) => void = () => undefined;
  const channel: SignalChannel = {
    send: (frame) => {
      sent.push(frame);
      return true;
    },
    subscribe: (l) => {
      listener = l;
      for (const frame of early.splice(0)) l(frame);
      return () => {
        listener = () => undefined;
      };
    },
    onStatus: () => () => undefined,
    close: () => undefined,
  };
  return { channel, sent, deliver: (frame: AvServerFrame) => listener(frame) };
}

const peer = (peerId: string, name: string) => ({ peerId, userId: `u-${name}`, name, watching: false, media: { mic: true, camera: true, screen: false } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The fake connection and a MediaStream that only holds its tracks, in place of the browser's. */
function stubWebRtc() {
  FakePeerConnection.made = [];
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal(
    'MediaStream',
    class {
      constructor(private readonly tracks: unknown[] = []) {}
      getTracks = () => this.tracks;
      getAudioTracks = () => [];
    },
  );
}

describe('the mesh', () => {
  beforeEach(stubWebRtc);
  afterEach(() => vi.unstubAllGlobals());

  it('joins by offering at once to those the room said were in the call; waits for a newcomer to offer', async () => {
    const theo = peer('aaaaaaaaaaaaaaaa', 'Theo');
    const { channel, sent, deliver } = fakeChannel([{ type: 'roster', peerId: 'bbbbbbbbbbbbbbbb', peers: [theo] }]);
    const mesh = new MeshAdapter(channel, [], false);
    await settle();
    // The join, then at once an offer to Theo, named for him alone: no waiting for the welcome.
    expect(sent.map((f) => [f.type, 'to' in f ? f.to : null])).toEqual([
      ['media', null],
      ['offer', 'aaaaaaaaaaaaaaaa'],
    ]);
    // The welcome also names Maya (she joined before us, after the roster): we offer to her too, and once to Theo.
    deliver({ type: 'welcome', peerId: 'bbbbbbbbbbbbbbbb', watching: false, peers: [theo, peer('cccccccccccccccc', 'Maya')] });
    await settle();
    expect(sent.filter((f) => f.type === 'offer').map((f) => ('to' in f ? f.to : null))).toEqual(['aaaaaaaaaaaaaaaa', 'cccccccccccccccc']);
    expect(mesh.getSnapshot().peers.map((p) => [p.name, p.status])).toEqual([
      ['Theo', 'connecting'],
      ['Maya', 'connecting'],
    ]);
    // Pat joins after us: Pat offers, we do not, and a later change of Pat's camera offers nothing either.
    deliver({ type: 'peer', peer: peer('dddddddddddddddd', 'Pat') });
    deliver({ type: 'peer', peer: { ...peer('dddddddddddddddd', 'Pat'), media: { mic: true, camera: false, screen: false } } });
    await settle();
    expect(sent.filter((f) => f.type === 'offer')).toHaveLength(2);

    // Pat's offer: we answer Pat alone, sending on the transceivers the offer made.
    deliver({ type: 'offer', from: 'dddddddddddddddd', sdp: 'offer from Pat' });
    await settle();
    await settle();
    expect(sent.filter((f) => f.type === 'answer')).toEqual([{ type: 'answer', to: 'dddddddddddddddd', sdp: 'answer with 3 transceivers' }]);
    const pats = FakePeerConnection.made[2]!;
    expect(pats.remoteDescription).toEqual({ type: 'offer', sdp: 'offer from Pat' });
    expect(pats.transceivers.map((t) => t.direction)).toEqual(['sendrecv', 'sendrecv', 'sendrecv']);

    deliver({ type: 'peerLeft', peerId: 'aaaaaaaaaaaaaaaa' });
    expect(mesh.getSnapshot().peers.map((p) => p.name)).toEqual(['Maya', 'Pat']);
    mesh.close();
    expect(sent.at(-1)).toEqual({ type: 'leave' });
  });

  it('offers at once when the roster comes in after the join went out, not a trip later on the welcome', async () => {
    const { channel, sent, deliver } = fakeChannel();
    new MeshAdapter(channel, [], false);
    // The offer is made before anyone is named, and waits for its peer.
    await settle();
    expect(FakePeerConnection.made).toHaveLength(1);
    expect(FakePeerConnection.made[0]!.localDescription).toEqual({ type: 'offer', sdp: 'offer with 3 transceivers' });
    expect(sent).toEqual([{ type: 'media', media: { mic: false, camera: false, screen: false } }]);
    deliver({ type: 'roster', peerId: 'bbbbbbbbbbbbbbbb', peers: [peer('aaaaaaaaaaaaaaaa', 'Theo')] });
    // Someone the room tells of after the roster came after us: they offer to us.
    deliver({ type: 'peer', peer: peer('dddddddddddddddd', 'Pat') });
    await settle();
    expect(sent.filter((f) => f.type === 'offer').map((f) => ('to' in f ? f.to : null))).toEqual(['aaaaaaaaaaaaaaaa']);
    deliver({ type: 'welcome', peerId: 'bbbbbbbbbbbbbbbb', watching: false, peers: [peer('aaaaaaaaaaaaaaaa', 'Theo')] });
    await settle();
    expect(sent.filter((f) => f.type === 'offer')).toHaveLength(1);
    // Theo's connection is the one made first (its offer went the moment the roster named him), then Pat's, who offers to us.
    expect(FakePeerConnection.made.map((pc) => [pc.closed, pc.localDescription?.type ?? null])).toEqual([
      [false, 'offer'],
      [false, null],
    ]);
  });

  it('alone in the call, closes the offer it made ahead once the welcome says nobody is there, and stands by', async () => {
    const { channel, sent, deliver } = fakeChannel();
    new MeshAdapter(channel, [], false);
    await settle();
    deliver({ type: 'roster', peerId: 'bbbbbbbbbbbbbbbb', peers: [] });
    deliver({ type: 'welcome', peerId: 'bbbbbbbbbbbbbbbb', watching: false, peers: [] });
    await settle();
    expect(sent.filter((f) => f.type === 'offer')).toEqual([]);
    expect(FakePeerConnection.made.map((pc) => pc.closed)).toEqual([true, false]);
  });

  it('answers the next person to join on the connection it kept standing by, and closes it on leaving', async () => {
    const { channel, sent, deliver } = fakeChannel();
    const mesh = new MeshAdapter(channel, [], false);
    deliver({ type: 'roster', peerId: 'bbbbbbbbbbbbbbbb', peers: [] });
    deliver({ type: 'welcome', peerId: 'bbbbbbbbbbbbbbbb', watching: false, peers: [] });
    await settle();
    const standby = FakePeerConnection.made.at(-1)!;
    deliver({ type: 'peer', peer: peer('cccccccccccccccc', 'Sam') });
    deliver({ type: 'offer', from: 'cccccccccccccccc', sdp: 'offer with 3 transceivers' });
    await settle();
    expect(standby.remoteDescription).toEqual({ type: 'offer', sdp: 'offer with 3 transceivers' });
    expect(sent.filter((f) => f.type === 'answer')).toEqual([{ type: 'answer', to: 'cccccccccccccccc', sdp: 'answer with 3 transceivers' }]);
    expect(FakePeerConnection.made).toHaveLength(2);
    mesh.close();
    expect(FakePeerConnection.made.every((pc) => pc.closed)).toBe(true);
  });

  it('without a roster (a reconnect) offers on the welcome to those already there', async () => {
    const { channel, sent, deliver } = fakeChannel();
    new MeshAdapter(channel, [], false);
    expect(sent).toEqual([{ type: 'media', media: { mic: false, camera: false, screen: false } }]);
    deliver({ type: 'welcome', peerId: 'bbbbbbbbbbbbbbbb', watching: false, peers: [peer('aaaaaaaaaaaaaaaa', 'Theo')] });
    await settle();
    expect(sent.filter((f) => f.type === 'offer').map((f) => ('to' in f ? f.to : null))).toEqual(['aaaaaaaaaaaaaaaa']);
  });

  it('announces a change of microphone or camera, and puts the track on every connection without renegotiating', async () => {
    const { channel, sent, deliver } = fakeChannel();
    const mesh = new MeshAdapter(channel, [], false);
    deliver({ type: 'welcome', peerId: 'bbbbbbbbbbbbbbbb', watching: false, peers: [peer('aaaaaaaaaaaaaaaa', 'Theo')] });
    await settle();
    const offersBefore = sent.filter((f) => f.type === 'offer').length;
    const mic = { kind: 'audio' } as unknown as MediaStreamTrack;
    mesh.setLocal({ audio: mic, camera: null, screen: null }, { mic: true, camera: false, screen: false });
    await settle();
    expect(sent.at(-1)).toEqual({ type: 'media', media: { mic: true, camera: false, screen: false } });
    expect(FakePeerConnection.made[0]!.transceivers[0]!.sender.track).toBe(mic);
    expect(sent.filter((f) => f.type === 'offer')).toHaveLength(offersBefore);
  });

  it('an admin who watches receives only', async () => {
    const { channel, deliver } = fakeChannel();
    new MeshAdapter(channel, [], true);
    deliver({ type: 'welcome', peerId: 'bbbbbbbbbbbbbbbb', watching: true, peers: [peer('aaaaaaaaaaaaaaaa', 'Theo')] });
    await settle();
    expect(FakePeerConnection.made[0]!.transceivers.map((t) => t.direction)).toEqual(['recvonly', 'recvonly', 'recvonly']);
  });
});

describe('the SFU', () => {
  beforeEach(stubWebRtc);
  afterEach(() => vi.unstubAllGlobals());

  it('publishes its microphone, camera and screen through the Worker, says where they are, and pulls a newcomer’s', async () => {
    const { channel, sent, deliver } = fakeChannel();
    const calls: SfuRequest[] = [];
    const call = async (request: SfuRequest): Promise<SfuAnswer> => {
      calls.push(request);
      if (request.op === 'newSession') return { sessionId: `session${calls.length}`, seal: `${calls.length}`.repeat(64) };
      if (request.op === 'publish') return { sessionDescription: { type: 'answer', sdp: 'the SFU’s answer' } };
      if (request.op === 'pull') {
        const tracks = request.remote.tracks.map((t, i) => ({ mid: String(i), trackName: t.trackName }));
        return { requiresImmediateRenegotiation: true, sessionDescription: { type: 'offer', sdp: 'the SFU’s offer' }, tracks };
      }
      return {};
    };
    const sfu = new SfuAdapter(channel, [], false, call);
    await vi.waitFor(() => expect(calls.map((c) => c.op)).toEqual(['newSession', 'publish']));
    const publish = calls[1] as Extract<SfuRequest, { op: 'publish' }>;
    expect(publish).toMatchObject({ sessionId: 'session1', seal: '1'.repeat(64), offer: { type: 'offer', sdp: 'offer with 3 transceivers' } });
    expect(publish.tracks.map((t) => t.mid)).toEqual(['0', '1', '2']);
    await vi.waitFor(() => expect(sent.at(-1)).toMatchObject({ type: 'media', sfu: { sessionId: 'session1' } }));

    deliver({ type: 'welcome', peerId: 'bbbbbbbbbbbbbbbb', watching: false, peers: [] });
    const theirs = { sessionId: 'theirs', tracks: [{ kind: 'camera' as const, trackName: 'their-camera' }] };
    deliver({ type: 'peer', peer: { ...peer('aaaaaaaaaaaaaaaa', 'Theo'), sfu: theirs } });
    await vi.waitFor(() => expect(calls.map((c) => c.op)).toEqual(['newSession', 'publish', 'newSession', 'pull', 'renegotiate']));
    expect(calls[3]).toEqual({ op: 'pull', sessionId: 'session3', seal: '3'.repeat(64), remote: theirs });
    expect(calls[4]).toEqual({ op: 'renegotiate', sessionId: 'session3', seal: '3'.repeat(64), answer: { type: 'answer', sdp: 'answer with 3 transceivers' } });
    expect(sfu.getSnapshot().peers.map((p) => p.name)).toEqual(['Theo']);
    // No offer, answer or candidate ever travels on the room's socket: the SFU is the other end.
    expect(sent.filter((f) => f.type === 'offer' || f.type === 'answer' || f.type === 'ice')).toEqual([]);
    sfu.close();
  });
});

describe('either adapter', () => {
  beforeEach(stubWebRtc);
  afterEach(() => vi.unstubAllGlobals());

  const adapters = [
    ['the mesh', (channel: SignalChannel) => new MeshAdapter(channel, [], false)],
    ['the SFU', (channel: SignalChannel) => new SfuAdapter(channel, [], true, async () => ({}))],
  ] as const;

  it.each(adapters)('%s tells its subscribers of each change until they leave, and on closing leaves the call and hangs up', async (_name, make) => {
    const { channel, sent, deliver } = fakeChannel();
    const adapter = make(channel);
    const staying = vi.fn();
    const leaving = vi.fn();
    adapter.subscribe(staying);
    const unsubscribe = adapter.subscribe(leaving);
    deliver({ type: 'welcome', peerId: 'bbbbbbbbbbbbbbbb', watching: false, peers: [peer('aaaaaaaaaaaaaaaa', 'Theo')] });
    await settle();
    expect(adapter.getSnapshot()).toMatchObject({ selfId: 'bbbbbbbbbbbbbbbb', online: true, peers: [{ name: 'Theo' }], refusal: null });
    // The same snapshot until something changes, as useSyncExternalStore needs.
    expect(adapter.getSnapshot()).toBe(adapter.getSnapshot());
    expect(leaving).toHaveBeenCalled();

    unsubscribe();
    const heardByLeaving = leaving.mock.calls.length;
    const heardByStaying = staying.mock.calls.length;
    deliver({ type: 'refused', message: 'Video is full.' });
    await settle();
    expect(adapter.getSnapshot().refusal).toBe('Video is full.');
    expect(staying.mock.calls.length).toBeGreaterThan(heardByStaying);
    expect(leaving).toHaveBeenCalledTimes(heardByLeaving);

    adapter.close();
    expect(sent.at(-1)).toEqual({ type: 'leave' });
    expect(FakePeerConnection.made.length).toBeGreaterThan(0);
    expect(FakePeerConnection.made.every((pc) => pc.closed)).toBe(true);
    const heardBeforeClosing = staying.mock.calls.length;
    deliver({ type: 'refused', message: 'Heard by nobody.' });
    await settle();
    expect(staying).toHaveBeenCalledTimes(heardBeforeClosing);
    expect(adapter.getSnapshot().refusal).toBe('Video is full.');
  });
});

describe('tiles', () => {
  it('fit two or three across a phone and scroll sideways beyond; on a wide screen each is 12rem', () => {
    expect(tileLayout(2, 351)).toMatchObject({ across: 2, scrolls: false });
    expect(tileLayout(2, 351).width).toBeGreaterThanOrEqual(104);
    expect(tileLayout(6, 351)).toMatchObject({ across: 3, scrolls: true });
    expect(tileLayout(3, 1200)).toEqual({ width: 192, across: 3, scrolls: false });
  });

  it('says who it is and what is off, and marks a muted microphone', () => {
    render(<VideoTile name="Theo Tutor" stream={null} mic={false} camera={false} width={192} />);
    expect(screen.getByRole('figure')).toHaveAccessibleName('Theo Tutor, microphone off, camera off');
    expect(screen.getByTestId('muted-icon')).toBeInTheDocument();
    expect(screen.getByText('TT')).toBeInTheDocument();
    expect(tileLabel('Sam', { mic: true, camera: true }, true)).toBe('Sam, microphone on, camera on, speaking');
  });
});

describe('messages in words', () => {
  it('tells a refused, missing or busy device apart', () => {
    const named = (name: string) => Object.assign(new Error('x'), { name });
    expect(deviceProblemWords[deviceProblemOf(named('NotAllowedError'))]).toMatch(/^Your browser blocked the camera and microphone/);
    expect(deviceProblemWords[deviceProblemOf(named('NotFoundError'))]).toMatch(/^No camera or microphone was found/);
    expect(deviceProblemWords[deviceProblemOf(named('NotReadableError'))]).toMatch(/in use by another app or tab/);
    expect(deviceProblemOf(named('TypeError'))).toBe('failed');
  });

  it('keeps video to four senders in the mesh, and says so', () => {
    const sending = { media: { mic: true, camera: true, screen: false } };
    expect(videoRoomFor([sending, sending, sending], 'mesh')).toBe(true);
    expect(videoRoomFor([sending, sending, sending, sending], 'mesh')).toBe(false);
    expect(videoRoomFor([sending, sending, sending, sending], 'sfu')).toBe(true);
    expect(VIDEO_LIMIT_WORDS).toBe('Video is limited to four people here. You can keep talking with audio only, or watch.');
  });
});

describe('chosen devices', () => {
  it('are one key the waiting room writes and the lesson room reads', () => {
    localStorage.removeItem(CHOSEN_DEVICES_KEY);
    expect(readChosenDevices()).toBeNull();
    saveChosenDevices({ audioInput: 'mic-2' });
    saveChosenDevices({ videoInput: 'cam-1' });
    expect(readChosenDevices()).toEqual({ audioInput: 'mic-2', videoInput: 'cam-1' });
    localStorage.setItem(CHOSEN_DEVICES_KEY, 'not json');
    expect(readChosenDevices()).toBeNull();
  });
});

describe('a microphone or camera button', () => {
  it('says what a press does, shows whether it is on, and asks for the change', () => {
    const onToggle = vi.fn();
    const toggle = (on: boolean) => (
      <MediaToggle
        on={on}
        onToggle={onToggle}
        onIcon={Camera}
        offIcon={CameraOff}
        title={on ? 'Turn off camera' : 'Turn on camera'}
        label={on ? 'Turn off camera' : 'Turn on camera'}
      />
    );
    const { rerender } = render(toggle(false));
    const off = screen.getByRole('button', { name: 'Turn on camera' });
    expect(off).toHaveAttribute('aria-pressed', 'false');
    expect(off).toHaveAttribute('title', 'Turn on camera');
    expect(off).toHaveClass('bg-rose-600');
    fireEvent.click(off);
    expect(onToggle).toHaveBeenCalledOnce();
    rerender(toggle(true));
    expect(screen.getByRole('button', { name: 'Turn off camera' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('the panel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  /** Just enough of the board's WebsocketProvider: an open socket and the message handlers the panel registers. */
  function boardProvider() {
    const handlers: ((encoder: unknown, decoder: decoding.Decoder) => void)[] = [];
    const sent: unknown[] = [];
    const provider = {
      messageHandlers: handlers,
      ws: { readyState: WebSocket.OPEN, send: (bytes: Uint8Array) => sent.push(JSON.parse(decoding.readVarString(decoding.createDecoder(bytes.subarray(1))))) },
      on: () => undefined,
      off: () => undefined,
    };
    const deliver = (frame: AvServerFrame) => {
      const encoder = encoding.createEncoder();
      encoding.writeVarString(encoder, JSON.stringify(frame));
      handlers[101]!(encoding.createEncoder(), decoding.createDecoder(encoding.toUint8Array(encoder)));
    };
    return { provider, sent, deliver };
  }

  it('says which mode it is in, that nobody else is here yet, and in words that the browser blocked the microphone', async () => {
    mockApi({ 'GET /api/lesson-rooms/s1/av': () => json({ mode: 'mesh', iceServers: [] }) });
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: async () => {
          throw new DOMException('Permission denied', 'NotAllowedError');
        },
        enumerateDevices: async () => [],
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      },
    });
    const { provider, sent, deliver } = boardProvider();
    render(<MediaPanel sectionId="s1" provider={provider as never} watching={false} name="Sam Student" />);
    expect(await screen.findByText('Direct connection (up to 4 people)')).toBeInTheDocument();
    expect(sent).toEqual([{ type: 'media', media: { mic: false, camera: false, screen: false } }]);
    deliver({ type: 'welcome', peerId: 'bbbbbbbbbbbbbbbb', watching: false, peers: [] });
    expect(await screen.findByText('Nobody else is in the call yet. They appear here when they join.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Turn on microphone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your browser blocked the camera and microphone. Allow them for this site in the address bar, then try again.',
    );
    expect(screen.getByRole('figure', { name: 'Sam Student, microphone off, camera off' })).toBeInTheDocument();
  });

  it('gives an admin who watches no controls, and says so', async () => {
    mockApi({ 'GET /api/lesson-rooms/s1/av': () => json({ mode: 'mesh', iceServers: [] }) });
    const { provider } = boardProvider();
    render(<MediaPanel sectionId="s1" provider={provider as never} watching name="Vera Admin" />);
    expect(await screen.findByText(/^You are watching this lesson/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on microphone' })).toBeNull();
  });
});
