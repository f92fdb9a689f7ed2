import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { MAX_LESSON_DOCUMENT_BYTES } from '../../schema/contracts/lesson-documents';
import {
  addElement,
  FIRST_PAGE,
  hitElements,
  type ImageElement,
  ownUndoManager,
  pageElements,
  pageIds,
  type StrokeElement,
} from '../../web/features/lesson-rooms/board/board-model';
import { lessonImageDataUrl } from '../../web/features/lesson-rooms/board/lesson-images';
import { elementsInBox } from '../../web/features/lesson-rooms/board/selection';
import { addBackgroundPage } from '../../web/features/lesson-rooms/documents/background-page';
import { DocumentImport } from '../../web/features/lesson-rooms/documents/DocumentImport';
import { documentSheet } from '../../web/features/lesson-rooms/documents/document-sheet';
import {
  doneText,
  fileProblem,
  importKindOf,
  openProblem,
  pageCountProblem,
  pageLayout,
  planTargets,
  progressText,
  stoppedText,
} from '../../web/features/lesson-rooms/documents/import-plan';
import { roomFooterButton } from '../../web/features/lesson-rooms/room-classes';
import { json, mockApi } from './fetch-mock';

const pdfMock = vi.hoisted(() => ({ pages: 3, openError: null as unknown, rendered: [] as number[], holdAt: 0, held: Promise.resolve() }));

// pdf.js itself needs a real canvas; the import's planning, progress and errors are what is tested here.
vi.mock('../../web/features/lesson-rooms/documents/pdf-pages', () => ({
  openPdf: async () => {
    if (pdfMock.openError) throw pdfMock.openError;
    return { numPages: pdfMock.pages, destroy: async () => undefined };
  },
  renderPdfPage: async (_pdf: unknown, page: number) => {
    if (page === pdfMock.holdAt) await pdfMock.held;
    pdfMock.rendered.push(page);
    return { blob: new Blob(['jpeg'], { type: 'image/jpeg' }), width: 793, height: 1123 };
  },
}));

const PDF_BYTES = new TextEncoder().encode('%PDF-1.7\n%…');
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const stroke = (id: string, x: number): StrokeElement => ({ id, type: 'pen', color: '#111827', by: 'sam', size: 4, points: [x, 10, 0.5, x + 50, 60, 0.5] });
const source = { name: 'worksheet.pdf', page: 1, pages: 1 };

describe('planning an import', () => {
  it('puts the first page onto a fresh board’s blank first page and the rest onto new pages', () => {
    expect(planTargets(new Y.Doc(), 3)).toEqual([FIRST_PAGE, null, null]);
  });

  it('never draws under work already on the board', () => {
    const inked = new Y.Doc();
    addElement(inked, FIRST_PAGE, stroke('a', 0), null);
    expect(planTargets(inked, 2)).toEqual([null, null]);
    const twoPages = new Y.Doc();
    addBackgroundPage(twoPages, { imageId: 'i.jpg', width: 10, height: 10, by: 'theo', source }, null);
    expect(planTargets(twoPages, 1)).toEqual([null]);
  });

  it('sizes a page as it prints: an A4 page is 794 by 1123 board units, drawn at two pixels a unit, posters capped', () => {
    const a4 = pageLayout({ width: 595.28, height: 841.89 });
    expect([Math.round(a4.width), Math.round(a4.height)]).toEqual([794, 1123]);
    expect(a4.pixelsPerPoint).toBeCloseTo(8 / 3);
    const poster = pageLayout({ width: 2384, height: 3370 });
    expect(Math.round(poster.pixelsPerPoint * 3370)).toBe(2400);
  });

  it('tells a PDF and a picture from their bytes, whatever the name says', () => {
    expect(importKindOf(PDF_BYTES)).toBe('pdf');
    expect(importKindOf(PNG_BYTES)).toBe('picture');
    expect(importKindOf(new TextEncoder().encode('PK\u0003\u0004 docx'))).toBeNull();
  });
});

describe('the sentences a person reads', () => {
  it('names the file that is not a PDF, too big or empty', () => {
    expect(fileProblem({ name: 'essay.docx', size: 10 }, null)).toBe('“essay.docx” is not a PDF or a picture. Choose a PDF, or a PNG, JPEG or WebP picture.');
    expect(fileProblem({ name: 'book.pdf', size: MAX_LESSON_DOCUMENT_BYTES + 1 }, 'pdf')).toBe(
      '“book.pdf” is larger than 20 MB. Choose a PDF of 20 MB or less, or split it.',
    );
    expect(fileProblem({ name: 'blank.pdf', size: 0 }, null)).toBe('“blank.pdf” is empty. Choose a PDF that has pages in it.');
    expect(fileProblem({ name: 'photo.jpg', size: 6 * 1024 * 1024 }, 'picture')).toBe('“photo.jpg” is larger than 5 MB. Choose a smaller picture, or a PDF.');
    expect(fileProblem({ name: 'sheet.pdf', size: 1000 }, 'pdf')).toBeNull();
  });

  it('says a PDF is password protected or damaged, and when it has too many pages', () => {
    expect(openProblem('exam.pdf', { name: 'PasswordException', message: 'No password given' })).toBe(
      '“exam.pdf” is protected by a password. Save a copy without the password and import that.',
    );
    expect(openProblem('broken.pdf', { name: 'InvalidPDFException' })).toBe('“broken.pdf” could not be read as a PDF. It may be damaged: try saving it again.');
    expect(pageCountProblem('book.pdf', 31)).toBe('“book.pdf” has 31 pages. A board takes PDFs of up to 30 pages: split it and import the part you need.');
    expect(pageCountProblem('sheet.pdf', 30)).toBeNull();
  });

  it('counts pages as they are imported, and says how far a failed import got', () => {
    expect(progressText(3, 12)).toBe('Importing page 3 of 12…');
    expect(doneText('sheet.pdf', 12)).toBe('Imported 12 pages from “sheet.pdf”. Draw on them with any tool.');
    expect(doneText('photo.jpg', 1)).toBe('Imported “photo.jpg” as a new page. Draw on it with any tool.');
    expect(stoppedText('sheet.pdf', 4, 12, 'The file could not be sent.')).toBe(
      'The file could not be sent. 4 of 12 pages of “sheet.pdf” were imported; import the file again for the rest.',
    );
  });
});

describe('imported paper on a page', () => {
  it('stays behind ink drawn before it arrived, and is never picked, boxed or erased', () => {
    const doc = new Y.Doc();
    addElement(doc, FIRST_PAGE, stroke('ink', 100), { user: 'sam' });
    addBackgroundPage(doc, { imageId: 'p1.jpg', width: 794, height: 1123, by: 'theo', source }, FIRST_PAGE);
    const elements = pageElements(doc, FIRST_PAGE).toArray();
    expect(elements.map((e) => e.id).at(-1)).toBe('ink');
    expect((elements[0] as ImageElement).background).toEqual(source);
    expect(hitElements(elements, 400, 500, 8)).toEqual([]);
    expect(hitElements(elements, 125, 35, 8)).toEqual(['ink']);
    expect(elementsInBox(elements, { x: 0, y: 0, width: 800, height: 1200 })).toEqual(['ink']);
  });

  it('is not taken back by anyone’s undo, the importer’s included', () => {
    const doc = new Y.Doc();
    const theo = { user: 'theo' };
    const undo = ownUndoManager(doc, theo);
    const pageId = addBackgroundPage(doc, { imageId: 'p1.jpg', width: 794, height: 1123, by: 'theo', source }, null);
    addElement(doc, pageId, stroke('tick', 10), theo);
    undo.manager.undo();
    undo.manager.undo();
    expect(pageIds(doc)).toContain(pageId);
    expect(
      pageElements(doc, pageId)
        .toArray()
        .map((e) => e.type),
    ).toEqual(['image']);
    undo.dispose();
  });

  it('exports at the paper’s own size in points, widened by ink past its edge', () => {
    const paper: ImageElement = {
      id: 'bg',
      type: 'image',
      imageId: 'i.jpg',
      x: 0,
      y: 0,
      width: 794,
      height: 1123,
      color: '#000000',
      by: 't',
      background: source,
    };
    const sheet = documentSheet([paper, stroke('a', 100)])!;
    expect([Math.round(sheet.width), Math.round(sheet.height)]).toEqual([596, 842]);
    const wider = documentSheet([paper, { ...stroke('b', 0), points: [700, 10, 0.5, 900, 10, 0.5] }])!;
    expect(wider.width).toBeGreaterThan(sheet.width);
    expect(documentSheet([stroke('c', 0)])).toBeNull();
  });
});

describe('pictures in the export', () => {
  it('reads a board image from memory for the PDF, never fetching its blob: address (connect-src refuses it)', async () => {
    const fetchMock = mockApi({ 'GET /api/lesson-rooms/s9/images/page.jpg': () => new Response(new Blob(['jpeg-bytes'], { type: 'image/jpeg' })) });
    const first = await lessonImageDataUrl('s9', 'page.jpg');
    expect(first).toMatch(/^data:image\/jpeg;base64,/);
    expect(await lessonImageDataUrl('s9', 'page.jpg')).toBe(first);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/lesson-rooms/s9/images/page.jpg']);
  });
});

describe('importing from the room', () => {
  let imageCount = 0;
  beforeEach(() => {
    pdfMock.pages = 3;
    pdfMock.openError = null;
    pdfMock.rendered = [];
    pdfMock.holdAt = 0;
    imageCount = 0;
    vi.stubGlobal('createImageBitmap', async () => ({ width: 1600, height: 1200, close: () => undefined }));
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve(documentAnswer: () => Response = () => json({ documentId: `${'d'.repeat(32)}.pdf` }, 201)) {
    return mockApi({
      'POST /api/lesson-rooms/s1/documents': documentAnswer,
      'POST /api/lesson-rooms/s1/images': () => json({ imageId: `${String(++imageCount).padStart(32, '0')}.jpg` }, 201),
    });
  }

  function open(doc = new Y.Doc()) {
    const onOpenPage = vi.fn();
    render(<DocumentImport sectionId="s1" doc={doc} userId="theo" onOpenPage={onOpenPage} />);
    const choose = (bytes: Uint8Array<ArrayBuffer>, name: string, type = 'application/pdf') =>
      fireEvent.change(screen.getByTestId('document-file'), { target: { files: [new File([bytes], name, { type })] } });
    return { doc, onOpenPage, choose };
  }

  it('turns each page of a PDF into a board page with its picture behind, keeping the file, and says so', async () => {
    const fetchMock = serve();
    const { doc, onOpenPage, choose } = open();
    choose(PDF_BYTES, 'worksheet.pdf');
    expect(await screen.findByRole('status')).toHaveTextContent('Imported 3 pages from “worksheet.pdf”.');
    expect(pdfMock.rendered).toEqual([1, 2, 3]);
    const pages = pageIds(doc);
    expect(pages).toHaveLength(3);
    expect(onOpenPage).toHaveBeenCalledWith(FIRST_PAGE);
    const papers = pages.map((id) => pageElements(doc, id).get(0) as ImageElement);
    expect(papers.map((p) => p.background)).toEqual([1, 2, 3].map((page) => ({ name: 'worksheet.pdf', page, pages: 3, documentId: `${'d'.repeat(32)}.pdf` })));
    expect(new Set(papers.map((p) => p.imageId)).size).toBe(3);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/documents'))).toHaveLength(1);
  });

  it('is drawn like the other buttons under the board', () => {
    open();
    expect(screen.getByRole('button', { name: 'Import PDF' })).toHaveAttribute('class', roomFooterButton);
  });

  it('shows the page it is on while a long PDF imports', async () => {
    serve();
    pdfMock.pages = 12;
    let release = () => {};
    pdfMock.holdAt = 3;
    pdfMock.held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { choose } = open();
    choose(PDF_BYTES, 'chapter.pdf');
    expect(await screen.findByText('Importing page 3 of 12…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import PDF' })).toBeDisabled();
    release();
    expect(await screen.findByText(/Imported 12 pages/)).toBeInTheDocument();
  });

  it('refuses what is not a PDF or is too long, in a sentence, and sends nothing', async () => {
    const fetchMock = serve();
    const { doc, choose } = open();
    choose(new TextEncoder().encode('PK\u0003\u0004'), 'essay.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(await screen.findByRole('alert')).toHaveTextContent('“essay.docx” is not a PDF or a picture.');
    pdfMock.pages = 48;
    choose(PDF_BYTES, 'book.pdf');
    expect(await screen.findByText(/“book.pdf” has 48 pages\. A board takes PDFs of up to 30 pages/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(pageIds(doc)).toEqual([FIRST_PAGE]);
  });

  it('says a PDF is password protected before sending it', async () => {
    const fetchMock = serve();
    pdfMock.openError = Object.assign(new Error('No password given'), { name: 'PasswordException' });
    const { choose } = open();
    choose(PDF_BYTES, 'exam.pdf');
    expect(await screen.findByRole('alert')).toHaveTextContent('“exam.pdf” is protected by a password. Save a copy without the password and import that.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the Worker’s own sentence when it refuses the file', async () => {
    serve(() => json({ message: '“scan.pdf” is larger than 20 MB. Choose a PDF of 20 MB or less, or split it.', errors: [] }, 413));
    const { doc, choose } = open();
    choose(PDF_BYTES, 'scan.pdf');
    expect(await screen.findByRole('alert')).toHaveTextContent('“scan.pdf” is larger than 20 MB.');
    expect(pageIds(doc)).toEqual([FIRST_PAGE]);
    fireEvent.click(screen.getByRole('button', { name: 'Close this message' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('imports a picture the same way, as one page with the picture as its paper', async () => {
    serve();
    const doc = new Y.Doc();
    addElement(doc, FIRST_PAGE, stroke('a', 0), null);
    const { onOpenPage, choose } = open(doc);
    choose(PNG_BYTES, 'diagram.png', 'image/png');
    expect(await screen.findByRole('status')).toHaveTextContent('Imported “diagram.png” as a new page.');
    const [, second] = pageIds(doc);
    expect(onOpenPage).toHaveBeenCalledWith(second);
    const paper = pageElements(doc, second!).get(0) as ImageElement;
    expect([paper.width, paper.height, paper.background]).toEqual([1000, 750, { name: 'diagram.png', page: 1, pages: 1 }]);
  });
});
