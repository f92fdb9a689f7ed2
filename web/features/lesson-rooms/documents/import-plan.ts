import type * as Y from 'yjs';
import {
  isPdf,
  lessonDocumentSizeProblem,
  MAX_LESSON_DOCUMENT_PAGES,
  passwordSentence,
  tooManyPagesSentence,
  unreadableSentence,
} from '../../../../schema/contracts/lesson-documents';
import { FIRST_PAGE, pageElements, pageIds } from '../board/board-model';

/** Board units per PDF point: a point is 1/72 inch and a board unit a CSS pixel at 100 %, 1/96 inch. */
export const UNITS_PER_POINT = 96 / 72;
/** A page's picture has two pixels per board unit: sharp at 200 % zoom and in the exported PDF (192 dpi). */
export const PIXELS_PER_UNIT = 2;
/** No side of a picture is longer, so a poster-sized page stays a few hundred kilobytes and under the image limit. */
export const MAX_PICTURE_SIDE = 2400;
/** A picture imported as a page: its longest side on the board, in units, when it is larger. */
const MAX_PICTURE_UNITS = 1000;
/** Board images are taken up to this size (worker/lib/lessons/images.ts); a larger picture is refused before sending. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

export type ImportKind = 'pdf' | 'picture';

/** What a chosen file is, by its first bytes, as the server will judge it: the name and the browser's guess prove nothing. */
export function importKindOf(head: Uint8Array): ImportKind | null {
  if (isPdf(head)) return 'pdf';
  const png = [0x89, 0x50, 0x4e, 0x47];
  const jpeg = [0xff, 0xd8, 0xff];
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => head[offset + i] === byte);
  if (starts(png) || starts(jpeg) || (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))) return 'picture';
  return null;
}

/** What is wrong with a chosen file before anything is sent, as a sentence, or null. */
export function fileProblem(file: { name: string; size: number }, kind: ImportKind | null): string | null {
  if (file.size === 0 || kind === 'pdf') return lessonDocumentSizeProblem(file);
  if (kind === null) return `“${file.name}” is not a PDF or a picture. Choose a PDF, or a PNG, JPEG or WebP picture.`;
  if (file.size > MAX_PICTURE_BYTES) return `“${file.name}” is larger than 5 MB. Choose a smaller picture, or a PDF.`;
  return null;
}

/** Why pdf.js could not open a file, in the person's words: pdf.js names its refusals by class. */
export function openProblem(name: string, error: unknown): string {
  const kind = error && typeof error === 'object' && 'name' in error ? error.name : '';
  return kind === 'PasswordException' ? passwordSentence(name) : unreadableSentence(name);
}

export const pageCountProblem = (name: string, pages: number) => (pages > MAX_LESSON_DOCUMENT_PAGES ? tooManyPagesSentence(name, pages) : null);

/**
 * Where each imported page goes: the first onto the board's first page when that is still the only page and blank
 * (a fresh lesson opened to go through a worksheet), every other one onto a new page after the last.
 */
export function planTargets(doc: Y.Doc, pages: number): (string | null)[] {
  const blank = pageIds(doc).length === 1 && pageElements(doc, FIRST_PAGE).length === 0;
  return Array.from({ length: pages }, (_, i) => (i === 0 && blank ? FIRST_PAGE : null));
}

/** A PDF page's size on the board and the scale pdf.js renders it at, from its size in points. */
export function pageLayout(points: { width: number; height: number }) {
  const width = points.width * UNITS_PER_POINT;
  const height = points.height * UNITS_PER_POINT;
  const pixelsPerPoint = Math.min(UNITS_PER_POINT * PIXELS_PER_UNIT, MAX_PICTURE_SIDE / Math.max(points.width, points.height));
  return { width, height, pixelsPerPoint };
}

/** A picture's size on the board: its own pixels as units, the longest side at most 1000. */
export function pictureLayout(pixels: { width: number; height: number }) {
  const scale = Math.min(1, MAX_PICTURE_UNITS / Math.max(pixels.width, pixels.height));
  return { width: pixels.width * scale, height: pixels.height * scale };
}

export const progressText = (done: number, total: number) => `Importing page ${done} of ${total}…`;

export const doneText = (name: string, pages: number) =>
  pages === 1 ? `Imported “${name}” as a new page. Draw on it with any tool.` : `Imported ${pages} pages from “${name}”. Draw on them with any tool.`;

/** A failure part way: the pages already imported stay, and the sentence says how far it got. */
export const stoppedText = (name: string, done: number, total: number, reason: string) =>
  done === 0 ? reason : `${reason} ${done} of ${total} pages of “${name}” were imported; import the file again for the rest.`;
