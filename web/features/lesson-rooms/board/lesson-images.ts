import { useEffect, useState } from 'react';
import { storedToken } from '../../../lib/session-storage';

/** Images already fetched this visit, with their object URLs; the room asks for each image once. */
const loaded = new Map<string, Promise<{ blob: Blob; url: string }>>();

/**
 * An <image> cannot send the bearer token, and lesson images are for the lesson's people only, so the board
 * fetches each one with the token and shows it from memory.
 */
function loadImage(sectionId: string, imageId: string) {
  const key = `${sectionId}/${imageId}`;
  let image = loaded.get(key);
  if (!image) {
    image = fetch(`/api/lesson-rooms/${encodeURIComponent(sectionId)}/images/${encodeURIComponent(imageId)}`, {
      headers: { authorization: `Bearer ${storedToken() ?? ''}` },
    }).then(async (res) => {
      if (!res.ok) throw new Error(`Image ${res.status}`);
      const blob = await res.blob();
      return { blob, url: URL.createObjectURL(blob) };
    });
    image.catch(() => loaded.delete(key));
    loaded.set(key, image);
  }
  return image;
}

/**
 * The image as a data: URL, for exports that cannot reach object URLs (an SVG drawn as an image). Read from the
 * kept blob: fetching the blob: URL itself is a connection `connect-src 'self'` refuses, which left images blank.
 */
export async function lessonImageDataUrl(sectionId: string, imageId: string) {
  const { blob } = await loadImage(sectionId, imageId);
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
    loadImage(sectionId, imageId).then(
      (image) => live && setUrl(image.url),
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
