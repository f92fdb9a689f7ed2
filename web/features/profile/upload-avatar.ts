import { ApiFailure } from '../../lib/api';
import { endSession } from '../../lib/session-events';
import { storedActingUserId, storedToken } from '../../lib/session-storage';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

/** The reason a picked file cannot be an avatar, checked before anything is sent. */
export function avatarProblem(file: File): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > MAX_AVATAR_BYTES) return 'Choose an image of 2 MB or less.';
  return null;
}

/**
 * POST /api/user/avatar as multipart with upload progress, which fetch cannot report. Headers and failures
 * match lib/api.ts: bearer and x-user-id, a 401 ends the session, a failure rejects with the serialized answer.
 */
export function uploadAvatar(file: File, onProgress: (fraction: number) => void): Promise<{ avatar: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/user/avatar');
    xhr.setRequestHeader('accept', 'application/json');
    const token = storedToken();
    const actingUserId = storedActingUserId();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    if (actingUserId) xhr.setRequestHeader('x-user-id', actingUserId);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown = xhr.responseText;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // A non-JSON answer is passed on as text.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as { avatar: string });
        return;
      }
      if (xhr.status === 401) endSession();
      reject(new ApiFailure(xhr.status, data));
    };
    xhr.onerror = () => reject(new Error('The upload failed. Check your connection and try again.'));
    const form = new FormData();
    form.set('file', file);
    xhr.send(form);
  });
}
