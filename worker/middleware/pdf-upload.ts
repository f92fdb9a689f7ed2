import type { Context } from 'hono';
import { ApiError, fieldError } from '../../platform/errors';
import { emptySentence, isPdf, MAX_LESSON_DOCUMENT_BYTES, notPdfSentence, tooLargeSentence } from '../../schema/contracts/lesson-documents';

/** Room for the multipart boundaries and headers around the file itself. */
const MULTIPART_OVERHEAD = 16 * 1024;

const megabytes = `must be ${MAX_LESSON_DOCUMENT_BYTES / (1024 * 1024)} MB or smaller`;

/**
 * Reads the `file` field of a multipart upload as a PDF of at most the board's limit, judged by its bytes, not its
 * name. Each refusal is a sentence naming the file; a declared length over the limit is refused before the body is read.
 */
export async function readPdfUpload(c: Context): Promise<{ bytes: Uint8Array; name: string }> {
  if (Number(c.req.header('content-length') ?? 0) > MAX_LESSON_DOCUMENT_BYTES + MULTIPART_OVERHEAD)
    throw new ApiError(413, tooLargeSentence(null), [{ path: 'file', message: megabytes }]);
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) throw fieldError('file', 'must be sent as multipart/form-data');
  const form = await c.req.parseBody().catch(() => {
    throw fieldError('body', 'must be multipart/form-data');
  });
  const file = form.file;
  if (!(file instanceof File)) throw fieldError('file', 'is required');
  if (file.size > MAX_LESSON_DOCUMENT_BYTES) throw new ApiError(413, tooLargeSentence(file.name), [{ path: 'file', message: megabytes }]);
  if (file.size === 0) throw new ApiError(400, emptySentence(file.name), [{ path: 'file', message: 'is empty' }]);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!isPdf(bytes)) throw new ApiError(400, notPdfSentence(file.name), [{ path: 'file', message: 'must be a PDF' }]);
  return { bytes, name: file.name };
}
