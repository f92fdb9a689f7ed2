import { storedToken } from '../../../lib/session-storage';

const OFFLINE = 'The file could not be sent. Check your connection and try again.';

/** Keeps the chosen PDF in the lesson's files; answers the id its board pages name. The Worker's refusals are sentences. */
export async function uploadLessonDocument(sectionId: string, file: File) {
  const form = new FormData();
  form.set('file', file);
  const res = await fetch(`/api/lesson-rooms/${encodeURIComponent(sectionId)}/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${storedToken() ?? ''}` },
    body: form,
  }).catch(() => {
    throw new Error(OFFLINE);
  });
  const body = (await res.json().catch(() => ({}))) as { documentId?: string; message?: string };
  if (!res.ok || !body.documentId) throw new Error(body.message ?? 'The PDF could not be kept. Please try again.');
  return body.documentId;
}
