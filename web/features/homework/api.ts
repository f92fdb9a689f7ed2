import type { CourseHomework, HandIn, MarkInput } from '../../../schema/contracts/homework';
import { ApiFailure, api, Unreachable } from '../../lib/api';
import { storedActingUserId, storedToken } from '../../lib/session-storage';

const base = '/homework-submissions';

function authHeaders(): [string, string][] {
  const token = storedToken();
  const acting = storedActingUserId();
  return [...(token ? [['authorization', `Bearer ${token}`] as [string, string]] : []), ...(acting ? [['x-user-id', acting] as [string, string]] : [])];
}

function failureOf(status: number, text: string) {
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // A body that is not JSON is shown as it is.
  }
  return new ApiFailure(status, data);
}

/**
 * Sends a hand-in as multipart with XMLHttpRequest, the one browser call that reports upload progress (0 to 1), so
 * a slow phone connection shows how far the files have gone. It fails as api() does, so the same error rules apply.
 */
function sendForm<T>(method: 'POST' | 'PUT', path: string, form: FormData, onProgress: (share: number) => void) {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `/api${path}`);
    for (const [name, value] of authHeaders()) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText) as T);
      else reject(failureOf(request.status, request.responseText));
    };
    request.onerror = () => reject(new Unreachable());
    request.send(form);
  });
}

export interface HandInDraft {
  text: string;
  /** Files already handed in that stay (a replacement only). */
  keep: string[];
  files: File[];
}

function formOf(draft: HandInDraft, section?: string) {
  const form = new FormData();
  if (section) form.set('section', section);
  form.set('text', draft.text);
  for (const id of draft.keep) form.append('keep', id);
  for (const file of draft.files) form.append('file', file);
  return form;
}

export const homeworkCalls = {
  course: (courseId: string, signal?: AbortSignal) => api<CourseHomework>(`${base}/course/${courseId}`, { signal }),
  handIn: (section: string, draft: HandInDraft, onProgress: (share: number) => void) => sendForm<HandIn>('POST', base, formOf(draft, section), onProgress),
  replace: (id: string, draft: HandInDraft, onProgress: (share: number) => void) => sendForm<HandIn>('PUT', `${base}/${id}`, formOf(draft), onProgress),
  withdraw: (id: string) => api(`${base}/${id}`, { method: 'DELETE' }),
  mark: (id: string, input: MarkInput) => api<HandIn>(`${base}/${id}/mark`, { method: 'PUT', json: input }),
};

/** A hand-in's file needs the bearer token, which a plain link cannot send: fetch it, then open or save it. */
export async function openHandInFile(path: string, fileName: string) {
  const response = await fetch(path, { headers: authHeaders() });
  if (!response.ok) throw failureOf(response.status, await response.text());
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
