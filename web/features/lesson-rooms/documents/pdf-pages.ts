import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
// Vite copies the worker to the hashed assets and gives its address: a script of this origin, which `worker-src
// 'self'` allows, so the policy needs no blob: or eval.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { pageLayout } from './import-plan';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Opens a PDF from its bytes. Nothing is evaluated as script (the policy forbids it) and no WebAssembly is compiled
 * (it would need 'wasm-unsafe-eval'); fonts a file does not embed fall back to the device's own.
 */
export async function openPdf(bytes: Uint8Array) {
  const task = getDocument({ data: bytes, isEvalSupported: false, useWasm: false });
  try {
    return await task.promise;
  } catch (error) {
    // A refused file (a password, damage) would otherwise keep its worker running until the page closes.
    await task.destroy();
    throw error;
  }
}

/** One page drawn on white as a JPEG, with its size on the board. */
export async function renderPdfPage(pdf: PDFDocumentProxy, pageNumber: number) {
  const page = await pdf.getPage(pageNumber);
  const points = page.getViewport({ scale: 1 });
  const layout = pageLayout(points);
  const viewport = page.getViewport({ scale: layout.pixelsPerPoint });
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(viewport.width);
  canvas.height = Math.ceil(viewport.height);
  try {
    await page.render({ canvas, viewport, background: 'white' }).promise;
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob) throw new Error('The page could not be drawn');
    return { blob, width: layout.width, height: layout.height };
  } finally {
    page.cleanup();
    // Frees the pixels at once instead of when the collector gets round to it: a long PDF would hold each page's.
    canvas.width = 0;
    canvas.height = 0;
  }
}
