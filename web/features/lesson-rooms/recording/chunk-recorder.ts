import type { Chunk } from './recording-api';

/** A chunk every few seconds: a tab that drops loses at most this much of its recording. */
export const CHUNK_MS = 3000;
const RETRIES = 3;

/** The first container this browser records: WebM with Opus in Chromium, Ogg in Firefox. */
export function recordingMimeType(video: boolean, supports = (type: string) => MediaRecorder.isTypeSupported(type)) {
  const candidates = video ? ['video/webm;codecs=vp8,opus', 'video/webm'] : ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus'];
  return candidates.find(supports) ?? null;
}

const newTrackId = () => crypto.randomUUID().replaceAll('-', '');

export interface ChunkRecorderOptions {
  stream: MediaStream;
  mimeType: string;
  send: (chunk: Chunk) => Promise<void>;
  /** A chunk could not be saved after retries, or the server refused it: the recorder has stopped. */
  onFailure: (error: unknown) => void;
  /** Whether a failure is final (a refusal) rather than worth another try (the network). */
  isFinal: (error: unknown) => boolean;
  wait?: (ms: number) => Promise<void>;
}

/**
 * One person's microphone (or camera) recorded in chunks and uploaded one after the other, in order: each start is
 * a new track, and a chunk is sent as soon as the recorder hands it over.
 */
export class ChunkRecorder {
  private readonly recorder: MediaRecorder;
  private readonly track = newTrackId();
  private readonly startedAt = Date.now();
  private seq = 0;
  private queue: Promise<void> = Promise.resolve();
  private failed = false;

  constructor(private readonly options: ChunkRecorderOptions) {
    this.recorder = new MediaRecorder(options.stream, { mimeType: options.mimeType, audioBitsPerSecond: 32_000, videoBitsPerSecond: 1_000_000 });
    this.recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) this.enqueue(event.data);
    });
    this.recorder.start(CHUNK_MS);
  }

  private enqueue(blob: Blob) {
    const chunk: Chunk = { track: this.track, seq: this.seq++, startedAt: this.startedAt, blob };
    this.queue = this.queue.then(() => this.sendWithRetries(chunk));
  }

  private async sendWithRetries(chunk: Chunk) {
    if (this.failed) return;
    const wait = this.options.wait ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    for (let attempt = 0; ; attempt++) {
      try {
        await this.options.send(chunk);
        return;
      } catch (error) {
        if (this.options.isFinal(error) || attempt >= RETRIES) {
          this.failed = true;
          this.stop();
          this.options.onFailure(error);
          return;
        }
        await wait(1000 * 2 ** attempt);
      }
    }
  }

  /** Stops recording; the last chunk is still sent. Answers once every chunk has been handled. */
  stop(): Promise<void> {
    if (this.recorder.state !== 'inactive') {
      const last = new Promise<void>((resolve) => this.recorder.addEventListener('stop', () => resolve(), { once: true }));
      this.recorder.stop();
      for (const track of this.options.stream.getTracks()) track.stop();
      return last.then(() => this.queue);
    }
    for (const track of this.options.stream.getTracks()) track.stop();
    return this.queue;
  }
}
