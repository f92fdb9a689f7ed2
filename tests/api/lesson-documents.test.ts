import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_LESSON_DOCUMENT_BYTES } from '../../schema/contracts/lesson-documents';
import { api, bearer } from '../helpers/auth';
import { type LessonFixture, lessonFixture, type Person } from '../helpers/docs';

let lesson: LessonFixture;

beforeAll(async () => {
  lesson = await lessonFixture();
});

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function upload(person: Person | null, bytes: Uint8Array, name = 'worksheet.pdf', sectionId = lesson.section._id, host = 'localhost') {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type: 'application/pdf' }));
  return api(`/lesson-rooms/${sectionId}/documents`, { method: 'POST', body: form, headers: person ? bearer(person.token) : {} }, host);
}

const fetchDocument = (person: Person | null, documentId: string, host = 'localhost') =>
  api(`/lesson-rooms/${lesson.section._id}/documents/${documentId}`, { headers: person ? bearer(person.token) : {} }, host);

const storedDocuments = async () => (await env.FILES.list({ prefix: `${lesson.tenantId}/lesson-documents/` })).objects.length;

interface ErrorBody {
  message: string;
  errors: { path: string; message: string }[];
}

describe('happy', () => {
  it("keeps a member's PDF under the tenant and lesson and serves it back to the lesson's people as a PDF", async () => {
    const res = await upload(lesson.student, PDF);
    expect(res.status).toBe(201);
    const { documentId } = await res.json<{ documentId: string }>();
    expect(documentId).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect(await env.FILES.head(`${lesson.tenantId}/lesson-documents/${lesson.section._id}/${documentId}`)).not.toBeNull();
    for (const person of [lesson.student, lesson.tutor, lesson.editingAdmin, lesson.viewingAdmin]) {
      const got = await fetchDocument(person, documentId);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(PDF);
    }
  });

  it('takes a PDF whatever its name says, since the bytes decide', async () => {
    const res = await upload(lesson.tutor, PDF, 'scan');
    expect(res.status).toBe(201);
  });
});

describe('errors', () => {
  it('refuses a file that is not a PDF with a sentence naming it, and stores nothing', async () => {
    const before = await storedDocuments();
    const res = await upload(lesson.tutor, new TextEncoder().encode('<html><script>alert(1)</script>'), 'homework.pdf');
    expect(res.status).toBe(400);
    const body = await res.json<ErrorBody>();
    expect(body.message).toBe('“homework.pdf” is not a PDF. Choose a PDF file to import.');
    expect(body.errors).toEqual([{ path: 'file', message: 'must be a PDF' }]);
    expect(await storedDocuments()).toBe(before);
  });

  it('refuses a PDF over 20 MB with 413 and a sentence naming it', async () => {
    const before = await storedDocuments();
    const big = new Uint8Array(MAX_LESSON_DOCUMENT_BYTES + 1);
    big.set(PDF);
    const res = await upload(lesson.tutor, big, 'textbook.pdf');
    expect(res.status).toBe(413);
    const body = await res.json<ErrorBody>();
    expect(body.message).toBe('“textbook.pdf” is larger than 20 MB. Choose a PDF of 20 MB or less, or split it.');
    expect(body.errors[0]!.path).toBe('file');
    expect(await storedDocuments()).toBe(before);
  });

  it('refuses a body declared far over the limit before reading it', async () => {
    const res = await api(`/lesson-rooms/${lesson.section._id}/documents`, {
      method: 'POST',
      headers: { ...bearer(lesson.tutor.token), 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(30 * 1024 * 1024) },
      body: '--x--',
    });
    expect(res.status).toBe(413);
    expect((await res.json<ErrorBody>()).message).toMatch(/too large|larger than 20 MB/);
  });

  it('names the field when no file is sent, and refuses an empty one in a sentence', async () => {
    const none = await api(`/lesson-rooms/${lesson.section._id}/documents`, { method: 'POST', body: new FormData(), headers: bearer(lesson.tutor.token) });
    expect(none.status).toBe(400);
    expect((await none.json<ErrorBody>()).errors[0]!.path).toBe('file');
    const empty = await upload(lesson.tutor, new Uint8Array(0), 'blank.pdf');
    expect(empty.status).toBe(400);
    expect((await empty.json<ErrorBody>()).message).toBe('“blank.pdf” is empty. Choose a PDF that has pages in it.');
  });

  it('answers 404 for a document never uploaded and 400 naming an id that is not one', async () => {
    expect((await fetchDocument(lesson.student, `${'a'.repeat(32)}.pdf`)).status).toBe(404);
    const bad = await fetchDocument(lesson.student, '..%2Fsecret.pdf');
    expect(bad.status).toBe(400);
    expect((await bad.json<ErrorBody>()).errors[0]!.path).toBe('documentId');
  });
});

describe('permissions', () => {
  it('lets only people who may write import, checked before the file is read, and keeps everyone else out', async () => {
    const before = await storedDocuments();
    const notPdf = new TextEncoder().encode('not a pdf');
    expect((await upload(null, PDF)).status).toBe(401);
    // A read-only member is refused for what they are, whatever they send.
    for (const bytes of [PDF, notPdf]) {
      const res = await upload(lesson.viewingAdmin, bytes);
      expect(res.status).toBe(403);
      expect((await res.json<ErrorBody>()).message).toBe('You can watch this lesson but not change it');
    }
    for (const person of [lesson.outsider, lesson.disabledTutor, lesson.plainAdmin]) {
      for (const bytes of [PDF, notPdf]) expect((await upload(person, bytes)).status).toBe(404);
    }
    expect((await upload(lesson.partner, PDF, 'worksheet.pdf', lesson.section._id, 'partner.localhost')).status).toBe(404);
    expect((await upload(lesson.parent, PDF)).status).toBe(404);
    expect(await storedDocuments()).toBe(before);
  });

  it("does not serve a lesson's document outside it, nor through another lesson", async () => {
    const { documentId } = await (await upload(lesson.tutor, PDF)).json<{ documentId: string }>();
    expect((await fetchDocument(null, documentId)).status).toBe(401);
    for (const person of [lesson.outsider, lesson.disabledTutor, lesson.plainAdmin]) expect((await fetchDocument(person, documentId)).status).toBe(404);
    expect((await fetchDocument(lesson.partner, documentId, 'partner.localhost')).status).toBe(404);
    const other = await lesson.addSection();
    const elsewhere = await api(`/lesson-rooms/${other._id}/documents/${documentId}`, { headers: bearer(lesson.tutor.token) });
    expect(elsewhere.status).toBe(404);
  });
});
