import { useCallback, useState } from 'react';
import type * as Y from 'yjs';
import { uploadLessonImage } from '../board/lesson-images';
import { addBackgroundPage } from './background-page';
import { uploadLessonDocument } from './documents-api';
import { doneText, fileProblem, importKindOf, openProblem, pageCountProblem, pictureLayout, planTargets, progressText, stoppedText } from './import-plan';

export type ImportState =
  | { kind: 'idle' }
  | { kind: 'working'; text: string; progress: number }
  | { kind: 'done'; text: string }
  | { kind: 'failed'; text: string };

const sentenceOf = (error: unknown) =>
  // fetch refuses with a TypeError when nothing answered; every answer the Worker gives carries its own sentence.
  error instanceof TypeError || !(error instanceof Error) ? 'The file could not be sent. Check your connection and try again.' : error.message;

/** Board images as the image route keeps them; the same route and cache as a picture added with the image tool. */
async function storePicture(sectionId: string, blob: Blob, name: string) {
  return uploadLessonImage(sectionId, blob instanceof File ? blob : new File([blob], name, { type: blob.type }));
}

interface Options {
  sectionId: string;
  doc: Y.Doc;
  userId: string;
  /** Shows the first imported page as soon as it is on the board. */
  onOpenPage: (pageId: string) => void;
}

/**
 * Imports a PDF (each page rendered by pdf.js in this browser, stored as a board image and laid under a board page,
 * the file itself kept in R2) or a picture (one page). Pages land one by one, so everyone sees them arrive.
 */
export function useDocumentImport({ sectionId, doc, userId, onOpenPage }: Options) {
  const [state, setState] = useState<ImportState>({ kind: 'idle' });

  const importPicture = useCallback(
    async (file: File) => {
      setState({ kind: 'working', text: progressText(1, 1), progress: 0 });
      const picture = await storePicture(sectionId, file, file.name);
      const size = pictureLayout(picture);
      const [onto] = planTargets(doc, 1);
      const pageId = addBackgroundPage(doc, { imageId: picture.imageId, ...size, by: userId, source: { name: file.name, page: 1, pages: 1 } }, onto ?? null);
      onOpenPage(pageId);
      setState({ kind: 'done', text: doneText(file.name, 1) });
    },
    [sectionId, doc, userId, onOpenPage],
  );

  const importPdf = useCallback(
    async (file: File) => {
      setState({ kind: 'working', text: `Opening “${file.name}”…`, progress: 0 });
      // pdf.js is the largest library the room can use; it loads only when someone imports a PDF.
      const { openPdf, renderPdfPage } = await import('./pdf-pages');
      const pdf = await openPdf(new Uint8Array(await file.arrayBuffer())).catch((error: unknown) => {
        throw new Error(openProblem(file.name, error));
      });
      const total = pdf.numPages;
      let done = 0;
      try {
        const tooMany = pageCountProblem(file.name, total);
        if (tooMany) throw new Error(tooMany);
        const documentId = await uploadLessonDocument(sectionId, file);
        const targets = planTargets(doc, total);
        for (let page = 1; page <= total; page++) {
          setState({ kind: 'working', text: progressText(page, total), progress: (page - 1) / total });
          const rendered = await renderPdfPage(pdf, page);
          const picture = await storePicture(sectionId, rendered.blob, `page-${page}.jpg`);
          const source = { name: file.name, page, pages: total, documentId };
          const pageId = addBackgroundPage(
            doc,
            { imageId: picture.imageId, width: rendered.width, height: rendered.height, by: userId, source },
            targets[page - 1] ?? null,
          );
          if (page === 1) onOpenPage(pageId);
          done = page;
        }
        setState({ kind: 'done', text: doneText(file.name, total) });
      } catch (error) {
        throw new Error(stoppedText(file.name, done, total, sentenceOf(error)));
      } finally {
        void pdf.destroy();
      }
    },
    [sectionId, doc, userId, onOpenPage],
  );

  const importFile = useCallback(
    async (file: File) => {
      try {
        const kind = importKindOf(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
        const problem = fileProblem(file, kind);
        if (problem) throw new Error(problem);
        await (kind === 'pdf' ? importPdf(file) : importPicture(file));
      } catch (error) {
        setState({ kind: 'failed', text: sentenceOf(error) });
      }
    },
    [importPdf, importPicture],
  );

  const dismiss = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, importFile, dismiss };
}
