import { ApiFailure } from '../../lib/api';
import { storedActingUserId, storedToken } from '../../lib/session-storage';

function authHeaders() {
  const headers = new Headers();
  const token = storedToken();
  const acting = storedActingUserId();
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (acting) headers.set('x-user-id', acting);
  return headers;
}

/** Fails the same way api() does, so the toast rules read the server's message. */
async function failure(response: Response) {
  const text = await response.text();
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // A body that is not JSON is shown as it is.
  }
  return new ApiFailure(response.status, data);
}

/** Sends the file for a resource or homework as multipart (api() speaks JSON and forms only). */
export async function uploadSectionFile(sectionId: string, file: File) {
  const form = new FormData();
  form.set('section', sectionId);
  form.set('file', file);
  const response = await fetch('/api/resources-and-homeworks/upload', { method: 'POST', headers: authHeaders(), body: form });
  if (!response.ok) throw await failure(response);
}

/** Downloads need the bearer token, which a plain link cannot send: fetch the file, then save it from memory. */
export async function downloadSectionFile(path: string, fileName: string) {
  const response = await fetch(path, { headers: authHeaders() });
  if (!response.ok) throw await failure(response);
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  URL.revokeObjectURL(url);
}
