import type { Context } from 'hono';
import { ApiError, fieldError } from '../../platform/errors';
import { type ImageUpload, sniffImageType } from '../lib/files';

/** Room for the multipart boundaries and headers around the file itself. */
const MULTIPART_OVERHEAD = 16 * 1024;

/**
 * Reads the `file` field of a multipart upload as a PNG, JPEG or WebP image of at most `maxBytes`, judged by its
 * bytes, not its name. A declared length over the limit is refused before the body is read.
 */
export async function readImageUpload(c: Context, maxBytes: number): Promise<ImageUpload> {
  const megabytes = `must be ${maxBytes / (1024 * 1024)} MB or smaller`;
  const tooLarge = () => new ApiError(413, `file: ${megabytes}`, [{ path: 'file', message: megabytes }]);
  if (Number(c.req.header('content-length') ?? 0) > maxBytes + MULTIPART_OVERHEAD) throw tooLarge();
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) throw fieldError('file', 'must be sent as multipart/form-data');
  const form = await c.req.parseBody().catch(() => {
    throw fieldError('body', 'must be multipart/form-data');
  });
  const file = form.file;
  if (!(file instanceof File)) throw fieldError('file', 'is required');
  if (file.size > maxBytes) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw fieldError('file', 'must be a PNG, JPEG or WebP image');
  return { bytes, type, name: file.name };
}
