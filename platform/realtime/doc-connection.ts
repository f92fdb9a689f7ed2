import { z } from 'zod';

/**
 * What the Worker decided about one document connection, handed to the room beside the identity header:
 * which document (the room names its R2 history by it) and whether this person may change it.
 */
export const DOC_CONNECTION_HEADER = 'x-studyhall-doc';

const docConnection = z.object({
  name: z.string().min(1),
  readOnly: z.boolean(),
  /** Tutors and editing admins lead a lesson: only they may change its controls (schema/contracts/lesson-controls.ts). */
  leads: z.boolean().default(false),
});
export type DocConnection = z.infer<typeof docConnection>;

export const encodeDocConnection = (value: DocConnection) => encodeURIComponent(JSON.stringify(value));

export function readDocConnection(request: Request): DocConnection | null {
  const raw = request.headers.get(DOC_CONNECTION_HEADER);
  if (!raw) return null;
  try {
    const parsed = docConnection.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
