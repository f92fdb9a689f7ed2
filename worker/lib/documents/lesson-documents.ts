import { newId } from '../../../schema/tables/columns';

/** Kept per tenant and lesson beside the board images, so a key is only reached through the lesson's membership check. */
export const lessonDocumentKey = (tenantId: string, sectionId: string, documentId: string) => `${tenantId}/lesson-documents/${sectionId}/${documentId}`;

/** Stores an imported PDF as it was sent (its bytes proved it a PDF) and answers the id the board pages refer to it by. */
export async function storeLessonDocument(
  files: R2Bucket,
  tenantId: string,
  sectionId: string,
  uploadedBy: string,
  upload: { bytes: Uint8Array; name: string },
) {
  const documentId = `${newId()}.pdf`;
  await files.put(lessonDocumentKey(tenantId, sectionId, documentId), upload.bytes, {
    httpMetadata: { contentType: 'application/pdf' },
    // The name is the person's own, for a download's file name; R2 metadata takes only ASCII safely.
    customMetadata: { uploadedBy, name: encodeURIComponent(upload.name) },
  });
  return documentId;
}
