import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_HAND_IN_FILE_BYTES, MAX_HAND_IN_FILES } from '../../schema/contracts/homework';
import { MAX_LESSON_DOCUMENT_BYTES } from '../../schema/contracts/lesson-documents';
import { MAX_RECORDING_CHUNK_BYTES } from '../../schema/contracts/lesson-recordings';
import { MAX_RESOURCE_BYTES } from '../../schema/contracts/sections';
import type { AppBindings } from '../env';
import { MAX_AVATAR_BYTES } from '../lib/files';
import { MAX_LESSON_IMAGE_BYTES } from '../lib/lessons/images';

const KB = 1024;
const MB = 1024 * KB;

/** Every JSON body the app sends is far below this; the largest is a branding icon of 200 KB written as base64. */
export const DEFAULT_BODY_LIMIT = 1 * MB;
/** Room for the multipart boundaries and the fields around the largest file(s) a route takes. */
const FORM_ROOM = 256 * KB;

/** The routes whose bodies may be larger, by method and path below /api: uploads and the admins' bulk imports. */
const LARGER: [method: string, path: RegExp, maxBytes: number][] = [
  ['POST', /^\/resources-and-homeworks\/upload$/, MAX_RESOURCE_BYTES + FORM_ROOM],
  ['POST', /^\/homework-submissions$/, MAX_HAND_IN_FILES * MAX_HAND_IN_FILE_BYTES + FORM_ROOM],
  ['PUT', /^\/homework-submissions\/[^/]+$/, MAX_HAND_IN_FILES * MAX_HAND_IN_FILE_BYTES + FORM_ROOM],
  ['POST', /^\/user\/avatar$/, MAX_AVATAR_BYTES + FORM_ROOM],
  ['POST', /^\/lesson-rooms\/[^/]+\/images$/, MAX_LESSON_IMAGE_BYTES + FORM_ROOM],
  ['POST', /^\/lesson-rooms\/[^/]+\/documents$/, MAX_LESSON_DOCUMENT_BYTES + FORM_ROOM],
  ['POST', /^\/lesson-rooms\/[^/]+\/recordings\/chunks$/, MAX_RECORDING_CHUNK_BYTES + FORM_ROOM],
  // A thousand past papers or a question bank's CSV, sent as JSON rows.
  ['POST', /^\/admin\/past-papers\/import$/, 5 * MB],
  ['POST', /^\/admin\/questions\/create-many$/, 5 * MB],
];

const inWords = (bytes: number) => (bytes >= MB ? `${Math.floor(bytes / MB)} MB` : `${Math.floor(bytes / KB)} KB`);

const limiter = (maxSize: number): MiddlewareHandler<AppBindings> =>
  bodyLimit({
    maxSize,
    onError: (c) => {
      const message = `must be ${inWords(maxSize)} or smaller`;
      return c.json({ message: `What was sent is too large: it must be ${inWords(maxSize)} or smaller.`, errors: [{ path: 'body', message }] }, 413);
    },
  });

const defaultLimit = limiter(DEFAULT_BODY_LIMIT);
const larger = LARGER.map(([method, path, maxBytes]) => ({ method, path, limit: limiter(maxBytes) }));

/**
 * A cap on every request body, before anything reads it: the declared length is checked at once, a body sent without
 * one is counted as it arrives. 413 with a sentence. It runs before the route's gate, as a transport limit does.
 */
export const bodyLimits: MiddlewareHandler<AppBindings> = (c, next) => {
  const path = c.req.path.replace(/^\/api/, '');
  const route = larger.find((r) => r.method === c.req.method && r.path.test(path));
  return (route?.limit ?? defaultLimit)(c, next);
};
