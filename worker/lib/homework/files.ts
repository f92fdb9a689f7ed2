import { fieldError } from '../../../platform/errors';
import { cleanFileName } from '../../../schema/contracts/file-names';
import { claimedHandInType, handInFileProblem, MAX_HAND_IN_FILES } from '../../../schema/contracts/homework';
import type { HandInFile } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import { sniffImageType } from '../files';

/** A chosen file that passed every check, read into memory and not yet stored. */
export interface CheckedFile {
  meta: HandInFile;
  bytes: Uint8Array;
}

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** Plain text is what decodes as UTF-8 and holds no NUL byte: a renamed program or image does neither. */
function isPlainText(bytes: Uint8Array) {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Whether the bytes are what the file's name says, by the magic numbers each kind starts with. */
function bytesMatch(type: string, bytes: Uint8Array) {
  if (type === 'application/pdf') return startsWith(bytes, PDF);
  if (type.startsWith('image/')) return sniffImageType(bytes) === type;
  if (type === 'text/plain') return isPlainText(bytes);
  // A .docx is a ZIP package; reading its parts is beyond a cheap check.
  return startsWith(bytes, ZIP);
}

const fileField = (index: number, count: number) => (count > 1 ? `file.${index}` : 'file');

/**
 * Every file checked before any is stored, so a refused hand-in writes nothing: the kind by name and by bytes,
 * the size, and the count. The stored type is the one the bytes proved.
 */
export async function checkFiles(files: File[], alreadyKept = 0): Promise<CheckedFile[]> {
  if (files.length + alreadyKept > MAX_HAND_IN_FILES) throw fieldError('file', `can be at most ${MAX_HAND_IN_FILES} files in one hand-in`);
  const checked: CheckedFile[] = [];
  for (const [index, file] of files.entries()) {
    const path = fileField(index, files.length);
    const problem = handInFileProblem(file);
    if (problem) throw fieldError(path, `“${file.name}” ${problem}`);
    const type = claimedHandInType(file.name)!;
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!bytesMatch(type, bytes)) throw fieldError(path, `“${file.name}” is not really a ${file.name.split('.').pop()?.toUpperCase()} file`);
    checked.push({ bytes, meta: { _id: newId(), key: '', name: cleanFileName(file.name), size: file.size, contentType: type } });
  }
  return checked;
}

export const handInPrefix = (tenantId: string, courseId: string, sectionId: string, studentId: string) =>
  `${tenantId}/homework/${courseId}/${sectionId}/${studentId}/`;

/** Stores the checked files under the hand-in's prefix; on a failure part way, what was stored is removed again. */
export async function storeFiles(bucket: R2Bucket, prefix: string, files: CheckedFile[]): Promise<HandInFile[]> {
  const stored: HandInFile[] = [];
  try {
    for (const { meta, bytes } of files) {
      const key = `${prefix}${meta._id}-${meta.name}`;
      await bucket.put(key, bytes, { httpMetadata: { contentType: meta.contentType } });
      stored.push({ ...meta, key });
    }
  } catch (error) {
    await removeFiles(bucket, stored);
    throw error;
  }
  return stored;
}

export async function removeFiles(bucket: R2Bucket, files: Pick<HandInFile, 'key'>[]) {
  if (files.length) await bucket.delete(files.map((f) => f.key));
}

/** Images and PDFs open in the browser; anything else is saved, so a browser never renders it as a page. */
export function downloadHeaders(file: HandInFile) {
  const inline = file.contentType.startsWith('image/') || file.contentType === 'application/pdf';
  return new Headers({
    'content-type': file.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : file.contentType,
    'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${file.name}"`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });
}
