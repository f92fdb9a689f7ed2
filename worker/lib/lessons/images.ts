import { newId } from '../../../schema/tables/columns';
import { extensionOf, type ImageUpload } from '../files';

/** Board images: photos of worksheets and diagrams, kept small enough that a tablet on hotel Wi-Fi gets them. */
export const MAX_LESSON_IMAGE_BYTES = 5 * 1024 * 1024;

/** Kept per tenant and lesson, so a key can only be reached through the lesson's own membership check. */
export const lessonImageKey = (tenantId: string, sectionId: string, imageId: string) => `${tenantId}/lesson-images/${sectionId}/${imageId}`;

/** Stores an image for a lesson's board and answers the id the board refers to it by. */
export async function storeLessonImage(files: R2Bucket, tenantId: string, sectionId: string, uploadedBy: string, upload: ImageUpload) {
  const imageId = `${newId()}.${extensionOf[upload.type]}`;
  await files.put(lessonImageKey(tenantId, sectionId, imageId), upload.bytes, {
    httpMetadata: { contentType: upload.type },
    customMetadata: { uploadedBy },
  });
  return imageId;
}
