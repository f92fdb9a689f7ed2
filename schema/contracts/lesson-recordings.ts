import { z } from 'zod';

/**
 * Recording a lesson (consented audio, optionally video, uploaded in chunks) and what its replay reads back. The
 * consent lives in the lesson board's room; its state reaches every tab as a `DOC_MESSAGE_RECORDING` frame.
 */

/** A chunk is a few seconds of one person's microphone (or camera): kilobytes of Opus, at most this much of video. */
export const MAX_RECORDING_CHUNK_BYTES = 2 * 1024 * 1024;

/** What a chunk may be, proved by its first bytes (EBML for WebM, `OggS` for Ogg). */
export const recordingTypes = ['audio/webm', 'audio/ogg', 'video/webm'] as const;
export type RecordingType = (typeof recordingTypes)[number];

/** A person's word on the recording: agreed, said no, or took back an agreement. Pending is no word yet. */
export const consentDecisions = ['agreed', 'declined', 'withdrawn'] as const;
export type ConsentDecision = (typeof consentDecisions)[number];

export const recordingPerson = z.object({
  userId: z.string(),
  name: z.string(),
  /** in the room now */
  present: z.boolean(),
  decision: z.enum([...consentDecisions, 'pending']),
  /** when they decided (ms since the epoch), null while pending */
  at: z.number().nullable(),
});
export type RecordingPerson = z.infer<typeof recordingPerson>;

/**
 * The state of the lesson's recording: `off`, `asking` (the tutor asked; not everyone present has agreed), or
 * `recording` (everyone present agreed; a later arrival is asked and is not recorded until they agree).
 */
export const recordingFrame = z.object({
  type: z.literal('recordingState'),
  state: z.enum(['off', 'asking', 'recording']),
  askedBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
  startedAt: z.number().nullable(),
  people: z.array(recordingPerson),
});
export type RecordingFrame = z.infer<typeof recordingFrame>;

/** The tutor starts (asks everyone) or stops the recording. */
export const recordingSwitchInput = z.object({ recording: z.boolean({ error: 'must be true or false' }) });
/** A member agrees, or says no / takes an agreement back. */
export const recordingConsentInput = z.object({ agree: z.boolean({ error: 'must be true or false' }) });

const ms = z.coerce.number({ error: 'must be a time in milliseconds' }).int().min(0).max(8_640_000_000_000);

/** `POST /lesson-rooms/{sectionId}/recordings/chunks?track&seq&startedAt&sentAt`, the body the chunk's bytes. */
export const recordingChunkQuery = z.object({
  /** chosen by the recording tab, new for each start of its recorder */
  track: z.string().regex(/^[a-f0-9]{32}$/, 'must be 32 lowercase hexadecimal characters'),
  seq: z.coerce.number({ error: 'must be a number' }).int().min(0).max(100_000),
  /** when the recorder started, on the tab's clock */
  startedAt: ms,
  /** when the tab sent this chunk, on its clock: the difference to the server's clock corrects `startedAt` */
  sentAt: ms,
});
export type RecordingChunkQuery = z.infer<typeof recordingChunkQuery>;

export const recordingTrack = z.object({
  _id: z.string(),
  userId: z.string(),
  name: z.string(),
  type: z.enum(recordingTypes),
  /** on the server's clock, like the documents' history: ms since the epoch */
  startedAt: z.number(),
  /** the last chunk's arrival: the track lasts at least until then */
  endsAt: z.number(),
  chunks: z.number(),
  bytes: z.number(),
});
export type RecordingTrack = z.infer<typeof recordingTrack>;

export const consentRecord = z.object({ userId: z.string(), name: z.string(), decision: z.enum(consentDecisions), at: z.number() });
export type ConsentRecord = z.infer<typeof consentRecord>;

/** `GET /lesson-rooms/{sectionId}/recordings`: the tracks to play and every consent decision, for the replay. */
export const recordingIndex = z.object({ tracks: z.array(recordingTrack), consents: z.array(consentRecord) });
export type RecordingIndex = z.infer<typeof recordingIndex>;
