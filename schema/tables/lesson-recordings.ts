import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { idColumn, tenantColumn } from './columns';
import { sections } from './sections';

/**
 * One uploaded piece of a lesson's recording (the replay's index of what R2 holds). A track is one person's
 * microphone from one start of their recorder; its chunks, in `seq` order, make one playable file.
 */
export const lessonRecordingChunks = sqliteTable(
  'lesson_recording_chunks',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    sectionId: text('section_id')
      .notNull()
      .references(() => sections._id),
    /** chosen by the recording tab; belongs to the person who uploaded its first chunk */
    trackId: text('track_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    seq: integer('seq').notNull(),
    /** the type the bytes proved to be: audio/webm, audio/ogg or video/webm */
    type: text('type').notNull(),
    bytes: integer('bytes').notNull(),
    /** when the track's recorder started, on the server's clock (the tab's clock corrected by its offset) */
    trackStartedAt: integer('track_started_at', { mode: 'timestamp_ms' }).notNull(),
    /** when the chunk arrived: the track reaches at least this far */
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
    r2Key: text('r2_key').notNull(),
  },
  (t) => [
    uniqueIndex('lesson_recording_chunks_piece').on(t.tenantId, t.sectionId, t.trackId, t.seq),
    index('lesson_recording_chunks_section').on(t.tenantId, t.sectionId),
  ],
);
