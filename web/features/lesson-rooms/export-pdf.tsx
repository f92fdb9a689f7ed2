import { jsPDF } from 'jspdf';
import { renderToStaticMarkup } from 'react-dom/server';
import * as Y from 'yjs';
import { type BoardElement, pageElements, pageIds } from './board/board-model';
import { boundsOf } from './board/bounds';
import { ElementView } from './board/element-view';
import { lessonImageDataUrl } from './board/lesson-images';
import { readGraph } from './graph/graph-model';
import { graphImageUrl } from './graph/plot';

/**
 * One board page as a PNG, drawn from the same SVG the board shows. Images and graphs are inlined as pictures: an
 * SVG drawn as an image cannot fetch, and a graph is drawn by function-plot, which react-dom/server cannot run.
 */
async function pagePng(sectionId: string, board: Y.Doc, elements: BoardElement[]) {
  const box = boundsOf(elements);
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
  const pdf = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4' });
  const pageWidth = pdf.internal.pageSize.getWidth();
  const pageHeight = pdf.internal.pageSize.getHeight();
  const ids = pageIds(options.board);
  for (const [index, id] of ids.entries()) {
    if (index > 0) pdf.addPage();
    pdf.setFontSize(11);
    pdf.text(`${options.title} · page ${index + 1} of ${ids.length}`, 36, 30);
    const png = await pagePng(options.sectionId, options.board, pageElements(options.board, id).toArray());
    const fit = Math.min((pageWidth - 72) / png.width, (pageHeight - 80) / png.height, 1.5);
    pdf.addImage(png.data, 'JPEG', 36, 44, png.width * fit, png.height * fit);
  }
  pdf.addPage();
  pdf.setFontSize(16);
  pdf.text(`${options.title} · notes`, 36, 44);
  pdf.setFontSize(11);
  let y = 70;
  for (const paragraph of notesLines(options.notes.getXmlFragment('notes'))) {
    for (const line of pdf.splitTextToSize(paragraph || ' ', pageWidth - 72) as string[]) {
      if (y > pageHeight - 36) {
        pdf.addPage();
        y = 44;
      }
      pdf.text(line, 36, y);
      y += 16;
    }
    y += 6;
  }
  pdf.save(`${options.title.replace(/[^\w\- ]+/g, '').trim() || 'lesson'}.pdf`);
}
