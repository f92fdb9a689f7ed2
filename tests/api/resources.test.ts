import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Section } from '../../schema/contracts/sections';
import { TENANT_IDS } from '../../schema/seed';
import { sections } from '../../schema/tables';
import { type Callers, call } from '../helpers/admins';
import { api, expectFieldError } from '../helpers/auth';
import { COURSE_IDS, sectionSnapshot, seedCoursesSignedIn } from '../helpers/section-fixtures';
import { db, PARTNER_HOST } from '../helpers/seed';

let as: Callers;
let maya: string;
let mayaResource: Section;
const ids = COURSE_IDS;
const base = '/resources-and-homeworks';

function upload(token: string, section: string | undefined, file: File | undefined, host?: string) {
  const form = new FormData();
  if (section !== undefined) form.set('section', section);
  if (file) form.set('file', file);
  return api(`${base}/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }, host);
}

const download = (token: string, id: string, host?: string) => api(`${base}/${id}/download`, { headers: { authorization: `Bearer ${token}` } }, host);

beforeAll(async () => {
  ({ as, maya } = await seedCoursesSignedIn());
  mayaResource = await (await call('POST', base, as.admin, { course: ids.maya, kind: 'RESOURCE', title: 'Forces sheet' })).json<Section>();
});

describe('happy', () => {
  it('creates a resource with a link (scheme optional) and homework with a due date', async () => {
    const resource = await call('POST', base, as.tutor, {
      course: ids.sam,
      parent: ids.unit,
      kind: 'RESOURCE',
      title: 'Past paper',
      link: 'example.org/papers/2024?set=1',
    });
    expect(resource.status).toBe(201);
    expect(await resource.json()).toMatchObject({ kind: 'RESOURCE', parent: ids.unit, link: 'https://example.org/papers/2024?set=1', sortingKey: 4 });
    const homework = await call('POST', base, as.tutor, { course: ids.sam, kind: 'HOMEWORK', title: 'Worksheet 3', dueAt: '2030-02-01T17:00:00Z' });
    expect(await homework.json()).toMatchObject({ kind: 'HOMEWORK', dueAt: '2030-02-01T17:00:00.000Z', link: null });
  });

  it('uploads a file under the tenant, course and section with a cleaned name; members download it', async () => {
    const res = await upload(as.tutor, ids.resource, new File(['chapter one'], 'Mé notes (1).PDF', { type: 'application/pdf' }));
    expect(res.status).toBe(201);
    const section = await res.json<Section>();
    expect(section.fileName).toMatch(/^Me-notes-1-\d+\.pdf$/);
    expect(section).toMatchObject({ fileSize: 11, contentType: 'application/pdf', download: `/api${base}/${ids.resource}/download` });
    const key = `${TENANT_IDS.studyhall}/courses/${ids.sam}/${ids.resource}/${section.fileName}`;
    expect(await env.FILES.head(key)).not.toBeNull();

    for (const token of [as.student, as.tutor, as.admin]) {
      const file = await download(token, ids.resource);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${section.fileName}"`);
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await file.text()).toBe('chapter one');
    }
  });

  it('replaces the earlier file on a new upload', async () => {
    const first = await (await upload(as.tutor, ids.homework, new File(['v1'], 'sheet.txt', { type: 'text/plain' }))).json<Section>();
    const second = await (await upload(as.tutor, ids.homework, new File(['v2'], 'sheet-2.txt', { type: 'text/plain' }))).json<Section>();
    expect(await env.FILES.head(`${TENANT_IDS.studyhall}/courses/${ids.sam}/${ids.homework}/${first.fileName}`)).toBeNull();
    expect(await (await download(as.student, ids.homework)).text()).toBe('v2');
    expect(second.fileName).toMatch(/^sheet-2-\d+\.txt$/);
  });

  it('updates, reschedules, cancels and deletes', async () => {
    const homework = await (
      await call('POST', base, as.tutor, { course: ids.sam, kind: 'HOMEWORK', title: 'Essay', dueAt: '2030-02-01T17:00:00Z' })
    ).json<Section>();
    const updated = await call('PUT', `${base}/${homework._id}`, as.tutor, {
      title: 'Long essay',
      dueAt: '2030-02-02T17:00:00Z',
      link: 'https://example.com/brief',
    });
    expect(await updated.json()).toMatchObject({ title: 'Long essay', link: 'https://example.com/brief', dueAt: '2030-02-02T17:00:00.000Z' });
    const moved = await call('PUT', `${base}/reschedule/${homework._id}`, as.tutor, { dueAt: '2030-02-09T17:00:00Z' });
    expect(await moved.json()).toMatchObject({ dueAt: '2030-02-09T17:00:00.000Z' });
    expect(await (await call('PUT', `${base}/cancel/${homework._id}`, as.tutor, { reason: 'Term ended' })).json()).toMatchObject({ status: 'CANCELLED' });
    expect((await call('PUT', `${base}/delete/${homework._id}`, as.tutor)).status).toBe(200);
    const other = await (await call('POST', base, as.tutor, { course: ids.sam, kind: 'RESOURCE', title: 'Spare' })).json<Section>();
    expect((await call('DELETE', `${base}/${other._id}?course=${ids.sam}`, as.tutor)).status).toBe(200);
    const rows = await db.select().from(sections).where(eq(sections._id, other._id)).all();
    expect(rows[0]?.deletedAt).toBeInstanceOf(Date);
  });
});

describe('errors', () => {
  it('names the bad field and writes nothing', async () => {
    const before = await sectionSnapshot();
    await expectFieldError(await call('POST', base, as.tutor, { course: ids.sam, kind: 'RESOURCE', title: 'Bad', link: 'not a link' }), 'link');
    await expectFieldError(await call('POST', base, as.tutor, { course: ids.sam, kind: 'RESOURCE', title: 'Bad', link: 'javascript:alert(1)' }), 'link');
    await expectFieldError(await call('POST', base, as.tutor, { course: ids.sam, kind: 'HOMEWORK', title: 'No due date' }), 'dueAt');
    await expectFieldError(await call('POST', base, as.tutor, { course: ids.sam, kind: 'RESOURCE', title: 'Due?', dueAt: '2030-01-01T00:00:00Z' }), 'dueAt');
    await expectFieldError(await call('POST', base, as.tutor, { course: ids.sam, kind: 'ZOOM', title: 'Wrong kind' }), 'kind');
    await expectFieldError(await call('PUT', `${base}/${ids.homework}`, as.tutor, { title: 'No due date' }), 'dueAt');
    await expectFieldError(await call('PUT', `${base}/reschedule/${ids.homework}`, as.tutor, { dueAt: 'soon' }), 'dueAt');
    await expectFieldError(await upload(as.tutor, ids.resource, undefined), 'file');
    await expectFieldError(await upload(as.tutor, undefined, new File(['x'], 'x.txt')), 'section');
    expect(await sectionSnapshot()).toBe(before);
  });

  it('takes only files on the allow-list, in a sentence, and serves each as its listed type, never the declared one', async () => {
    const before = await sectionSnapshot();
    for (const name of ['page.html', 'page.HTM', 'script.js', 'image.svg', 'no-extension']) {
      const res = await upload(as.tutor, ids.resource, new File(['<script>alert(1)</script>'], name, { type: 'text/html' }));
      const body = await expectFieldError(res, 'file');
      expect(body.message).toMatch(/^File must be a PDF, Word, .* file\.$/);
    }
    expect(await sectionSnapshot()).toBe(before);

    const res = await upload(as.tutor, ids.resource, new File(['<html><script>alert(1)</script></html>'], 'notes.pdf', { type: 'text/html' }));
    expect(res.status).toBe(201);
    expect(await res.json<Section>()).toMatchObject({ contentType: 'application/pdf' });
    const file = await download(as.student, ids.resource);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  it('serves a file stored before the allow-list with a type off it as bytes to download', async () => {
    const res = await upload(as.tutor, ids.resource, new File(['<p>old</p>'], 'old.txt', { type: 'text/plain' }));
    const { fileName } = await res.json<Section>();
    await db
      .update(sections)
      .set({ fileName: fileName!.replace(/\.txt$/, '.html'), contentType: 'text/html' })
      .where(eq(sections._id, ids.resource));
    const key = `${TENANT_IDS.studyhall}/courses/${ids.sam}/${ids.resource}/${fileName!.replace(/\.txt$/, '.html')}`;
    await env.FILES.put(key, '<p>old</p>', { httpMetadata: { contentType: 'text/html' } });
    await db.update(sections).set({ fileKey: key }).where(eq(sections._id, ids.resource));
    const file = await download(as.student, ids.resource);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses files over 20 MB (413) and uploads to a lesson (404)', async () => {
    const before = await sectionSnapshot();
    const big = new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'big.bin');
    expect((await upload(as.tutor, ids.resource, big)).status).toBe(413);
    expect((await upload(as.tutor, ids.lesson, new File(['x'], 'x.txt'))).status).toBe(404);
    expect((await call('PUT', `${base}/reschedule/${ids.resource}`, as.tutor, { dueAt: '2030-02-09T17:00:00Z' })).status).toBe(404);
    expect(await sectionSnapshot()).toBe(before);
  });
});

describe('permissions', () => {
  it('only members of the course download its files', async () => {
    await upload(as.admin, mayaResource._id, new File(['forces'], 'forces.txt', { type: 'text/plain' }));
    expect((await download(maya, mayaResource._id)).status).toBe(200);
    expect((await download(maya, ids.resource)).status).toBe(404);
    expect((await download(as.student, mayaResource._id)).status).toBe(404);
    expect((await download(as.partner, ids.resource, PARTNER_HOST)).status).toBe(404);
    expect((await download(as.partner, ids.resource)).status).toBe(401);
    expect((await api(`${base}/${ids.resource}/download`)).status).toBe(401);
  });

  it('students and tutors without RESOURCE create change nothing', async () => {
    const before = await sectionSnapshot();
    const keysBefore = (await env.FILES.list()).objects.map((o) => o.key);
    expect((await upload(as.student, ids.resource, new File(['x'], 'x.txt'))).status).toBe(403);
    // A student may never upload, so the role answers before the section named in the body is looked up.
    expect((await upload(maya, ids.resource, new File(['x'], 'x.txt'))).status).toBe(403);
    expect((await upload(as.tutor, mayaResource._id, new File(['x'], 'x.txt'))).status).toBe(403);
    expect((await call('POST', base, as.tutor, { course: ids.maya, kind: 'RESOURCE', title: 'Nope' })).status).toBe(403);
    expect((await call('POST', base, as.student, { course: ids.sam, kind: 'RESOURCE', title: 'Nope' })).status).toBe(403);
    expect((await call('PUT', `${base}/cancel/${ids.resource}`, maya, { reason: 'x' })).status).toBe(404);
    expect((await call('PUT', `${base}/delete/${ids.resource}`, as.student)).status).toBe(403);
    expect((await call('DELETE', `${base}/${ids.resource}?course=${ids.sam}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect(await sectionSnapshot()).toBe(before);
    expect((await env.FILES.list()).objects.map((o) => o.key)).toEqual(keysBefore);
  });
});
