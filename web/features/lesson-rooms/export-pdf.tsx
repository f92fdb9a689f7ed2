import { jsPDF } from 'jspdf';
import { renderToStaticMarkup } from 'react-dom/server';
import * as Y from 'yjs';
import { type BoardElement, pageElements, pageIds } from './board/board-model';
import { type Box, boundsOf } from './board/bounds';
import { ElementView } from './board/element-view';
import { lessonImageDataUrl } from './board/lesson-images';
import { documentSheet } from './documents/document-sheet';
import { readGraph } from './graph/graph-model';
import { graphImageUrl } from './graph/plot';

/**
 * One board page as a PNG, drawn from the same SVG the board shows. Images and graphs are inlined as pictures: an
 * SVG drawn as an image cannot fetch, and a graph is drawn by function-plot, which react-dom/server cannot run.
 */
async function pagePng(sectionId: string, board: Y.Doc, elements: BoardElement[], box: Box = boundsOf(elements)) {
  const images = new Map<string, string>();
  for (const e of elements) if (e.type === 'image') images.set(e.id, await lessonImageDataUrl(sectionId, e.imageId).catch(() => ''));
  for (const e of elements) {
    const graph = e.type === 'graph' && readGraph(board, e.id);
    if (e.type === 'graph' && graph) images.set(e.id, await graphImageUrl(graph, e.width, e.height));
  }
  const colors = [...new Set(elements.filter((e) => e.type === 'arrow').map((e) => e.color))];
  const markup = renderToStaticMarkup(
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`} width={box.width} height={box.height}>
      <defs>
        {colors.map((c) => (
          <marker key={c} id={`arrow-${c.slice(1)}`} viewBox="0 0 10 10" refX={8} refY={5} markerWidth={6} markerHeight={6} orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" fill={c} />
          </marker>
        ))}
      </defs>
      <rect x={box.x} y={box.y} width={box.width} height={box.height} fill="white" />
      {elements.map((e) =>
        e.type === 'image' || e.type === 'graph' ? (
          <image key={e.id} href={images.get(e.id)} x={e.x} y={e.y} width={e.width} height={e.height} />
        ) : (
          <ElementView key={e.id} element={e} sectionId={sectionId} />
        ),
      )}
    </svg>,
  );
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  await img.decode();
  const scale = Math.min(2, 2400 / box.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(box.width * scale);
  canvas.height = Math.round(box.height * scale);
  canvas.getContext('2d')!.drawImage(img, 0, 0, canvas.width, canvas.height);
  return { data: canvas.toDataURL('image/jpeg', 0.88), width: box.width, height: box.height };
}

/** The notes as lines of text; formulas keep their LaTeX between dollar signs. */
function notesLines(fragment: Y.XmlFragment) {
  const textOf = (node: Y.XmlElement | Y.XmlText): string => {
    if (node instanceof Y.XmlText)
      return node
        .toDelta()
        .map((op: { insert?: unknown }) => (typeof op.insert === 'string' ? op.insert : ''))
        .join('');
    if (node.nodeName === 'inlineMath' || node.nodeName === 'blockMath') return `$${String(node.getAttribute('latex') ?? '')}$`;
    return node
      .toArray()
      .map((child) => textOf(child as Y.XmlElement | Y.XmlText))
      .join(node.nodeName === 'bulletList' || node.nodeName === 'orderedList' ? '\n' : '');
  };
  return fragment.toArray().map((node) => textOf(node as Y.XmlElement | Y.XmlText));
}

/** Board pages, one per sheet, then the notes: what a student takes away from the lesson. */
export async function exportLessonPdf(options: { title: string; sectionId: string; board: Y.Doc; notes: Y.Doc }) {
  let pdf: jsPDF | null = null;
  // A sheet of the given size; the first one makes the document, since jsPDF starts with a page.
  const sheet = (format: string | [number, number], orientation: 'portrait' | 'landscape') => {
    if (pdf) pdf.addPage(format, orientation);
    else pdf = new jsPDF({ orientation, unit: 'pt', format });
    return pdf;
  };
  const ids = pageIds(options.board);
  for (const [index, id] of ids.entries()) {
    const elements = pageElements(options.board, id).toArray();
    const paper = documentSheet(elements);
    if (paper) {
      // An imported page keeps its own size and shape, the ink drawn on it, edge to edge as it was printed.
      const page = sheet([paper.width, paper.height], paper.width > paper.height ? 'landscape' : 'portrait');
      const png = await pagePng(options.sectionId, options.board, elements, paper.box);
      page.addImage(png.data, 'JPEG', 0, 0, paper.width, paper.height);
      continue;
    }
    const page = sheet('a4', 'landscape');
    page.setFontSize(11);
    page.text(`${options.title} · page ${index + 1} of ${ids.length}`, 36, 30);
    const png = await pagePng(options.sectionId, options.board, elements);
    const fit = Math.min((page.internal.pageSize.getWidth() - 72) / png.width, (page.internal.pageSize.getHeight() - 80) / png.height, 1.5);
    page.addImage(png.data, 'JPEG', 36, 44, png.width * fit, png.height * fit);
  }
  const notesPdf = sheet('a4', 'landscape');
  const pageWidth = notesPdf.internal.pageSize.getWidth();
  const pageHeight = notesPdf.internal.pageSize.getHeight();
  notesPdf.setFontSize(16);
  notesPdf.text(`${options.title} · notes`, 36, 44);
  notesPdf.setFontSize(11);
  let y = 70;
  for (const paragraph of notesLines(options.notes.getXmlFragment('notes'))) {
    for (const line of notesPdf.splitTextToSize(paragraph || ' ', pageWidth - 72) as string[]) {
      if (y > pageHeight - 36) {
        notesPdf.addPage('a4', 'landscape');
        y = 44;
      }
      notesPdf.text(line, 36, y);
      y += 16;
    }
    y += 6;
  }
  notesPdf.save(`${options.title.replace(/[^\w\- ]+/g, '').trim() || 'lesson'}.pdf`);
}
