import type { ListResponse } from '../../../../schema/contracts/common';
import type { RecordingFrame, RecordingIndex } from '../../../../schema/contracts/lesson-recordings';
import type { BookmarkView } from '../../../../schema/contracts/lesson-sessions';
import { api } from '../../../lib/api';
import { storedToken } from '../../../lib/session-storage';

const room = (sectionId: string) => `/lesson-rooms/${encodeURIComponent(sectionId)}`;
const bearer = () => ({ authorization: `Bearer ${storedToken() ?? ''}` });

export interface Chunk {
  track: string;
  seq: number;
  startedAt: number;
  blob: Blob;
}

/** A chunk the server would not take: `status` says whether trying again could help. */
export class ChunkRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The recording's calls: the tutor's switch, each person's word, the chunks, and what the replay reads back. */
export const recordingCalls = {
  switch: (sectionId: string, recording: boolean) => api<RecordingFrame>(`${room(sectionId)}/recording`, { method: 'POST', json: { recording } }),
  decide: (sectionId: string, agree: boolean) => api<RecordingFrame>(`${room(sectionId)}/recording/consent`, { method: 'POST', json: { agree } }),
  index: (sectionId: string) => api<RecordingIndex>(`${room(sectionId)}/recordings`),
  bookmarks: (sectionId: string) => api<ListResponse<BookmarkView>>('/bookmarks', { query: { sectionId, limit: 100 } }),

  /** Sent as a multipart file, like the room's images; `sentAt` lets the server correct this device's clock. */
  async upload(sectionId: string, chunk: Chunk) {
    const form = new FormData();
    form.set('chunk', chunk.blob, `${chunk.seq}`);
    const query = new URLSearchParams({ track: chunk.track, seq: String(chunk.seq), startedAt: String(chunk.startedAt), sentAt: String(Date.now()) });
    const res = await fetch(`/api${room(sectionId)}/recordings/chunks?${query}`, { method: 'POST', headers: bearer(), body: form });
    if (res.ok) return;
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ChunkRefused(res.status, body.message ?? 'The recording could not be saved');
  },

  /** A whole track as one file, fetched with the token (an <audio> cannot send it) and played from memory. */
  async track(sectionId: string, trackId: string) {
    const res = await fetch(`/api${room(sectionId)}/recordings/tracks/${encodeURIComponent(trackId)}`, { headers: bearer() });
    if (!res.ok) throw new Error(`Recording ${res.status}`);
    return res.blob();
  },

  /** One document's archived history, in the rooms' own format. */
  async history(sectionId: string, part: 'board' | 'notes') {
    const res = await fetch(`/api${room(sectionId)}/history/${part}`, { headers: bearer() });
    if (!res.ok) throw new Error(`History ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  },
};
