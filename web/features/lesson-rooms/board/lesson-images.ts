import { useEffect, useState } from 'react';
import { storedToken } from '../../../lib/session-storage';

/** Object URLs of images already fetched this visit; the room asks for each image once. */
const loaded = new Map<string, Promise<string>>();

/**
 * An <image> cannot send the bearer token, and lesson images are for the lesson's people only, so the board
 * fetches each one with the token and shows it from memory.
 */
function imageUrl(sectionId: string, imageId: string) {
  const key = `${sectionId}/${imageId}`;
  let url = loaded.get(key);
  if (!url) {
    url = fetch(`/api/lesson-rooms/${encodeURIComponent(sectionId)}/images/${encodeURIComponent(imageId)}`, {
      headers: { authorization: `Bearer ${storedToken() ?? ''}` },
    }).then(async (res) => {
      if (!res.ok) throw new Error(`Image ${res.status}`);
      return URL.createObjectURL(await res.blob());
    });
    url.catch(() => loaded.delete(key));
    loaded.set(key, url);
  }
  return url;
}

/** The image as a data: URL, for exports that cannot reach object URLs (an SVG drawn as an image). */
export async function lessonImageDataUrl(sectionId: string, imageId: string) {
  const blob = await (await fetch(await imageUrl(sectionId, imageId))).blob();
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read'));
    reader.readAsDataURL(blob);
  });
}

export function useLessonImage(sectionId: string, imageId: string) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    imageUrl(sectionId, imageId).then(
      (value) => live && setUrl(value),
      () => live && setUrl(null),
    );
    return () => {
      live = false;
    };
  }, [sectionId, imageId]);
  return url;
}

/** Uploads a picked file; answers the stored image's id and its natural size, for placing it on the board. */
export async function uploadLessonImage(sectionId: string, file: File) {
  const form = new FormData();
  form.set('file', file);
  const res = await fetch(`/api/lesson-rooms/${encodeURIComponent(sectionId)}/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${storedToken() ?? ''}` },
    body: form,
  });
  const body = (await res.json().catch(() => ({}))) as { imageId?: string; message?: string };
  if (!res.ok || !body.imageId) throw new Error(body.message ?? 'The image could not be uploaded');
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return { imageId: body.imageId, ...size };
}
