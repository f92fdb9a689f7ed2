import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WaitingRoomServerFrame } from '../../schema/contracts/realtime';
import type { MeetingData } from '../../schema/contracts/waiting-room';
import { formatCountdown, phaseOf } from '../../web/features/waiting-room/countdown';
import { type ConnectionStatus, WaitingRoomConnection } from '../../web/features/waiting-room/waiting-room-connection';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

/** A WebSocket the test drives: it records what the page sends and lets the test open, message and close it. */
class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  serverOpens() {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  serverSends(frame: WaitingRoomServerFrame) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  serverDrops() {
    this.readyState = FakeSocket.CLOSED;
    this.dispatchEvent(new CloseEvent('close', { code: 1006 }));
  }
  frames() {
    return this.sent.filter((s) => s !== 'ping').map((s) => (JSON.parse(s) as { type: string }).type);
  }
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

/** The page is a lazy chunk; its first import can take a while on a loaded machine. */
const FIRST_PAINT = { timeout: 5000 };

const participant = (userId: string, name: string, kind: 'STUDENT' | 'TUTOR' | 'ADMIN') => ({ userId, name, kind, joinedAt: '2030-01-07T08:55:00.000Z' });

describe('countdown', () => {
  it('formats days, hours and minutes, and minutes and seconds in the last hour', () => {
    expect(formatCountdown(2 * 86_400_000 + 4 * 3_600_000)).toBe('2 d 4 h');
    expect(formatCountdown(75 * 60_000)).toBe('1 h 15 m');
    expect(formatCountdown(4 * 60_000 + 9_000)).toBe('04:09');
    expect(formatCountdown(-5)).toBe('00:00');
  });

  it('calls the tutor late once the one-minute threshold has passed', () => {
    const start = Date.UTC(2030, 0, 7, 9);
    const end = start + 60 * 60_000;
    expect(phaseOf(start - 90_000, start, end, false)).toEqual({ kind: 'before', left: '01:30' });
    expect(phaseOf(start + 59_999, start, end, false)).toEqual({ kind: 'starting' });
    expect(phaseOf(start + 60_000, start, end, false)).toEqual({ kind: 'late', minutes: 1 });
    expect(phaseOf(start + 5 * 60_000, start, end, true)).toEqual({ kind: 'running' });
    expect(phaseOf(end, start, end, true)).toEqual({ kind: 'over' });
  });
});

describe('waiting-room connection', () => {
  function connection() {
    const timers: (() => void)[] = [];
    const statuses: ConnectionStatus[] = [];
    const events: string[] = [];
    const room = new WaitingRoomConnection(
      'lesson1',
      {
        onStatus: (s) => statuses.push(s),
        onParticipants: (list) => events.push(`list:${list.length}`),
        onRegistered: (p) => events.push(`in:${p.userId}`),
        onUnRegistered: (p) => events.push(`out:${p.userId}`),
        onStarted: (f) => events.push(`started:${f.lessonRoomUrl}`),
        onClosed: () => events.push('closed'),
      },
      {
        ticket: async (room) => `ticket-for-${room}`,
        open: (url) => new FakeSocket(url) as unknown as WebSocket,
        setTimer: (run) => {
          timers.push(run);
          return () => undefined;
        },
      },
    );
    return { room, timers, statuses, events };
  }

  it('connects only when asked, registers and asks who is here, and reports what the room says', async () => {
    const { room, statuses, events } = connection();
    expect(FakeSocket.all).toHaveLength(0);
    room.connect();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe('ws://localhost:3000/api/rt/waiting-room/lesson1?ticket=ticket-for-waiting-room%2Flesson1');
    socket.serverOpens();
    expect(socket.frames()).toEqual(['registerToWaitingRoom', 'getWaitingRoomConnections']);
    socket.serverSends({ type: 'waitingRoomConnections', participants: [participant('u1', 'Sam', 'STUDENT')] });
    socket.serverSends({ type: 'onRegisteredToWaitingRoom', participant: participant('u2', 'Theo', 'TUTOR') });
    socket.serverSends({ type: 'onUnRegisteredFromWaitingRoom', participant: participant('u1', 'Sam', 'STUDENT') });
    socket.serverSends({
      type: 'meetingStarted',
      waitingId: 'lesson1',
      startedAt: '2030-01-07T09:00:00.000Z',
      startedBy: 'u2',
      lessonRoomUrl: '/learning-portal/lesson-room/lesson1',
    });
    expect(events).toEqual(['list:1', 'in:u2', 'out:u1', 'started:/learning-portal/lesson-room/lesson1']);
    expect(statuses).toEqual(['connecting', 'live']);
    room.disconnect();
    expect(socket.frames().at(-1)).toBe('unRegisterFromWaitingRoom');
  });

  it('drops an emit while not connected with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { room } = connection();
    room.emit({ type: 'getWaitingRoomConnections' });
    expect(warn).toHaveBeenCalledWith('Waiting room not connected; getWaitingRoomConnections dropped');
    warn.mockRestore();
  });

  it('reconnects with a fresh ticket after a drop and registers again; stops when the room closes', async () => {
    const { room, timers, statuses, events } = connection();
    room.connect();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    FakeSocket.all[0]!.serverOpens();
    FakeSocket.all[0]!.serverDrops();
    expect(statuses.at(-1)).toBe('reconnecting');
    timers.at(-1)!();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    FakeSocket.all[1]!.serverOpens();
    expect(FakeSocket.all[1]!.frames()).toEqual(['registerToWaitingRoom', 'getWaitingRoomConnections']);
    FakeSocket.all[1]!.serverSends({ type: 'waitingRoomClosed', waitingId: 'lesson1' });
    expect(events).toContain('closed');
    expect(statuses.at(-1)).toBe('closed');
    FakeSocket.all[1]!.serverDrops();
    expect(statuses.at(-1)).toBe('closed');
  });
});

describe('waiting room page', () => {
  const TUTOR = user({ _id: 'user_tutor', firstname: 'Theo', lastname: 'Tutor', role: { name: 'TUTOR', isGuest: false }, timezone: 'Europe/London' });
  const SAM = user();
  const data = (overrides: Partial<MeetingData> = {}): MeetingData => ({
    _id: 'lesson1',
    waitingId: 'lesson1',
    title: 'Quadratics',
    description: '',
    kind: 'ZOOM',
    lessonKind: 'LESSON',
    status: 'ACTIVE',
    course: { _id: 'course1', title: 'IGCSE Mathematics' },
    tutors: [{ _id: 'user_tutor', firstname: 'Theo', lastname: 'Tutor', avatar: null }],
    students: [{ _id: 'user_student', firstname: 'Sam', lastname: 'Student', avatar: null }],
    start: new Date(Date.now() + 10 * 60_000).toISOString(),
    end: new Date(Date.now() + 70 * 60_000).toISOString(),
    duration: 60,
    joinUrl: '/learning-portal/waiting-room/lesson1',
    lessonRoomUrl: '/learning-portal/lesson-room/lesson1',
    isMeetingStarted: false,
    startedAt: null,
    isMeetingEnded: false,
    viewerKind: 'TUTOR',
    canStart: true,
    lessonStatus: 'scheduled',
    joinOpensAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    joinClosesAt: new Date(Date.now() + 70 * 60_000).toISOString(),
    canJoin: true,
    ...overrides,
  });
  const api = (me: ReturnType<typeof user>, meeting: MeetingData | Response, extra: Parameters<typeof mockApi>[0] = {}) =>
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...me, actingFor: me }),
      'GET /api/meeting-data/lesson1': () => (meeting instanceof Response ? meeting : json(meeting)),
      'POST /api/rt/tickets': () => json({ ticket: 't' }),
      ...extra,
    });

  it("shows the server's message when the meeting data fails, with a retry", async () => {
    api(SAM, json({ message: 'Lesson not found', errors: [] }, 404));
    storeSession(SAM);
    renderApp('/waiting-room/lesson1');
    expect(await screen.findByText('Lesson not found', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(FakeSocket.all).toHaveLength(0);
  });

  it("shows the lesson in the viewer's zone, who is waiting live, and moves the tutor in on Start lesson", async () => {
    const fetchMock = api(TUTOR, data({ start: '2030-01-07T09:00:00.000Z', end: '2030-01-07T10:00:00.000Z' }), {
      'POST /api/start-meeting': () =>
        json({ waitingId: 'lesson1', startedAt: '2030-01-07T09:00:00.000Z', lessonRoomUrl: '/learning-portal/lesson-room/lesson1' }),
    });
    storeSession(TUTOR);
    const router = renderApp('/waiting-room/lesson1');
    expect(await screen.findByRole('heading', { name: 'Quadratics' }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByTestId('lesson-time')).toHaveTextContent('Mon, 7 Jan 2030, 09:00 GMT');
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    FakeSocket.all[0]!.serverOpens();
    FakeSocket.all[0]!.serverSends({ type: 'waitingRoomConnections', participants: [participant('user_student', 'Sam Student', 'STUDENT')] });
    const people = await screen.findByTestId('people-waiting');
    await waitFor(() => expect(within(people).getAllByTestId('person')[0]).toHaveTextContent('Sam StudentStudent · Waiting'));
    expect(within(people).getAllByTestId('person')[1]).toHaveTextContent('Theo Tutor (you)Tutor · Not here yet');
    expect(screen.getByTestId('connection')).toHaveTextContent('Connected');

    await userEvent.click(screen.getByRole('button', { name: 'Start lesson' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/lesson-room/lesson1'));
    const startCall = fetchMock.mock.calls.find((c) => String(c[0]) === '/api/start-meeting');
    expect(JSON.parse(String(startCall![1]!.body))).toEqual({ waitingId: 'lesson1' });
  });

  it('keeps Start lesson shut before the join window and says in text when it opens', async () => {
    const fetchMock = api(TUTOR, data({ joinOpensAt: new Date(Date.now() + 3 * 3_600_000 + 60_000).toISOString(), canJoin: false }));
    storeSession(TUTOR);
    renderApp('/waiting-room/lesson1');
    const startButton = await screen.findByRole('button', { name: 'Start lesson' }, FIRST_PAINT);
    expect(startButton).toBeDisabled();
    expect(screen.getByTestId('start-opens')).toHaveTextContent(/^Opens (at \d{1,2}:\d{2}|in 3 h)$/);
    await userEvent.click(startButton);
    expect(fetchMock.mock.calls.some((c) => String(c[0]) === '/api/start-meeting')).toBe(false);
  });

  it('moves a waiting student in when the room says the lesson started', async () => {
    api(SAM, data({ viewerKind: 'STUDENT', canStart: false }));
    storeSession(SAM);
    const router = renderApp('/waiting-room/lesson1');
    expect(await screen.findByText('You will join the lesson as soon as your tutor starts it.', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start lesson' })).not.toBeInTheDocument();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    FakeSocket.all[0]!.serverOpens();
    FakeSocket.all[0]!.serverSends({
      type: 'meetingStarted',
      waitingId: 'lesson1',
      startedAt: '2030-01-07T09:00:00.000Z',
      startedBy: 'user_tutor',
      lessonRoomUrl: '/learning-portal/lesson-room/lesson1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/lesson-room/lesson1'));
  });

  it('says a cancelled lesson is cancelled and opens no connection', async () => {
    api(SAM, data({ status: 'CANCELLED', canStart: false }));
    storeSession(SAM);
    renderApp('/waiting-room/lesson1');
    expect(await screen.findByRole('heading', { name: 'This lesson was cancelled' }, FIRST_PAINT)).toBeInTheDocument();
    expect(FakeSocket.all).toHaveLength(0);
  });

  it('explains a blocked camera and microphone', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')) } });
    api(SAM, data({ viewerKind: 'STUDENT', canStart: false }));
    storeSession(SAM);
    renderApp('/waiting-room/lesson1');
    await userEvent.click(await screen.findByRole('button', { name: 'Check camera and microphone' }, FIRST_PAINT));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your browser blocked the camera and microphone.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
