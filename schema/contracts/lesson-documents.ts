/**
 * PDFs imported into a lesson's board (issue 35): the limits both the browser and the Worker hold a file to, and the
 * sentences that say what is wrong with one. Zod-free and pure, so the room checks a file before sending it.
 */

const MB = 1024 * 1024;

/** A worksheet or a chapter: textbooks' scanned chapters stay under this; a whole book does not belong on a board. */
export const MAX_LESSON_DOCUMENT_BYTES = 20 * MB;

/** Pages one import turns into board pages: each becomes a picture of a few hundred kilobytes every member loads. */
export const MAX_LESSON_DOCUMENT_PAGES = 30;

/** The id an upload answers with: 32 hex digits and the extension, like board images. */
export const lessonDocumentId = /^[a-f0-9]{32}\.pdf$/;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d];

/** Whether the bytes start as every PDF does (`%PDF-`): the name and the browser's guess of the type prove nothing. */
export const isPdf = (bytes: Uint8Array) => PDF_MAGIC.every((byte, i) => bytes[i] === byte);

const quoted = (name: string) => `“${name}”`;

export const notPdfSentence = (name: string) => `${quoted(name)} is not a PDF. Choose a PDF file to import.`;

/** `name` is null when the size was declared before the file's name could be read. */
export const tooLargeSentence = (name: string | null) =>
  `${name === null ? 'The file' : quoted(name)} is larger than ${MAX_LESSON_DOCUMENT_BYTES / MB} MB. Choose a PDF of ${MAX_LESSON_DOCUMENT_BYTES / MB} MB or less, or split it.`;

export const emptySentence = (name: string) => `${quoted(name)} is empty. Choose a PDF that has pages in it.`;

export const tooManyPagesSentence = (name: string, pages: number) =>
  `${quoted(name)} has ${pages} pages. A board takes PDFs of up to ${MAX_LESSON_DOCUMENT_PAGES} pages: split it and import the part you need.`;

export const passwordSentence = (name: string) => `${quoted(name)} is protected by a password. Save a copy without the password and import that.`;

export const unreadableSentence = (name: string) => `${quoted(name)} could not be read as a PDF. It may be damaged: try saving it again.`;

/** What is wrong with a chosen file before its bytes are read, as a sentence, or null. */
export function lessonDocumentSizeProblem(file: { name: string; size: number }): string | null {
  if (file.size === 0) return emptySentence(file.name);
  if (file.size > MAX_LESSON_DOCUMENT_BYTES) return tooLargeSentence(file.name);
  return null;
}
