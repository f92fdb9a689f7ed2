import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordingFrame, RecordingPerson } from '../../schema/contracts/lesson-recordings';
import { ChunkRecorder, recordingMimeType } from '../../web/features/lesson-rooms/recording/chunk-recorder';
import { RecordingBanner } from '../../web/features/lesson-rooms/recording/RecordingBar';
import type { Chunk } from '../../web/features/lesson-rooms/recording/recording-api';
import type { RecordingView } from '../../web/features/lesson-rooms/recording/use-recording';

afterEach(cleanup);

const person = (userId: string, name: string, decision: RecordingPerson['decision'], present = true): RecordingPerson => ({
  userId,
  name,
  present,
  decision,
  at: decision === 'pending' ? null : 1,
});

function view(state: RecordingFrame['state'], people: RecordingPerson[], me: string): RecordingView {
  const frame: RecordingFrame = {
    type: 'recordingState',
    state,
    askedBy: { userId: 'theo', name: 'Theo Tutor' },
    startedAt: state === 'recording' ? 1 : null,
    people,
  };
  return {
    frame,
    mine: people.find((p) => p.userId === me)?.decision ?? 'pending',
    mic: { state: 'recording' },
    busy: false,
    switchTo: vi.fn(),
    decide: vi.fn(),
  };
}

describe('the recording banner', () => {
  it('asks someone who has not agreed, naming who asked and who is waited for', () => {
    const asking = view('asking', [person('theo', 'Theo Tutor', 'agreed'), person('sam', 'Sam Student', 'pending')], 'sam');
    render(<RecordingBanner view={asking} userId="sam" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      "Theo Tutor asked to record this lesson's audio. Recording starts when everyone here agrees: waiting for you.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'I agree to be recorded' }));
    expect(asking.decide).toHaveBeenCalledWith(true);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(asking.decide).toHaveBeenCalledWith(false);
  });

  it('says the recording runs with everyone’s agreement, and lets anyone stop their own audio', () => {
    const running = view('recording', [person('theo', 'Theo Tutor', 'agreed'), person('sam', 'Sam Student', 'agreed')], 'theo');
    render(<RecordingBanner view={running} userId="theo" />);
    expect(screen.getByRole('status')).toHaveTextContent('Recording — everyone agreed.');
    expect(screen.getByText('Your microphone is being recorded.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stop recording my audio' }));
    expect(running.decide).toHaveBeenCalledWith(false);
  });

  it('names who joined later and has not agreed, whose audio is left out, and says nothing about who left', () => {
    const people = [
      person('theo', 'Theo Tutor', 'agreed'),
      person('sam', 'Sam Student', 'agreed'),
      person('maya', 'Maya Student', 'pending'),
      person('pat', 'Pat', 'declined', false),
    ];
    render(<RecordingBanner view={view('recording', people, 'theo')} userId="theo" />);
    expect(screen.getByRole('status')).toHaveTextContent('Recording — Maya Student has not agreed yet, so their audio is not recorded.');
    cleanup();
    render(<RecordingBanner view={view('off', [], 'theo')} userId="theo" />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

/** A stand-in for the browser's MediaRecorder: the test hands it data as the real one would every few seconds. */
class FakeRecorder extends EventTarget {
  static last: FakeRecorder | null = null;
  state: 'inactive' | 'recording' = 'inactive';
  timeslice = 0;
  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions,
  ) {
    super();
    FakeRecorder.last = this;
  }
  start(timeslice: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  stop() {
    this.emit('last');
    this.state = 'inactive';
    this.dispatchEvent(new Event('stop'));
  }
  emit(text: string) {
    const event = new Event('dataavailable') as Event & { data: Blob };
    event.data = new Blob([text], { type: 'audio/webm' });
    this.dispatchEvent(event);
  }
}

const fakeStream = () => ({ getTracks: () => [{ stop: vi.fn() }] }) as unknown as MediaStream;

describe('the chunk recorder', () => {
  it('picks WebM with Opus where the browser records it, else Ogg', () => {
    expect(recordingMimeType(false, () => true)).toBe('audio/webm;codecs=opus');
    expect(recordingMimeType(false, (type) => type.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(recordingMimeType(false, () => false)).toBeNull();
  });

  it('sends each chunk in order as one track, retries a lost one, and sends the last chunk when it stops', async () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const sent: Chunk[] = [];
    let failures = 1;
    const recorder = new ChunkRecorder({
      stream: fakeStream(),
      mimeType: 'audio/webm;codecs=opus',
      send: async (chunk) => {
        if (chunk.seq === 1 && failures-- > 0) throw new TypeError('network');
        sent.push(chunk);
      },
      isFinal: () => false,
      onFailure: vi.fn(),
      wait: async () => undefined,
    });
    const fake = FakeRecorder.last!;
    expect(fake.timeslice).toBe(3000);
    fake.emit('a');
    fake.emit('b');
    await recorder.stop();
    expect(sent.map((c) => c.seq)).toEqual([0, 1, 2]);
    expect(new Set(sent.map((c) => c.track)).size).toBe(1);
    expect(new Set(sent.map((c) => c.startedAt)).size).toBe(1);
    expect(await sent[2]!.blob.text()).toBe('last');
    vi.unstubAllGlobals();
  });

  it('stops and says why when the server refuses a chunk', async () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const onFailure = vi.fn();
    const refusal = new Error('Your audio is not being recorded');
    const send = vi.fn(async () => {
      throw refusal;
    });
    const recorder = new ChunkRecorder({ stream: fakeStream(), mimeType: 'audio/webm', send, isFinal: () => true, onFailure, wait: async () => undefined });
    FakeRecorder.last!.emit('a');
    await recorder.stop();
    expect(onFailure).toHaveBeenCalledWith(refusal);
    expect(send).toHaveBeenCalledTimes(1);
    expect(FakeRecorder.last!.state).toBe('inactive');
    vi.unstubAllGlobals();
  });
});
