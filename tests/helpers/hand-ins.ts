import { eq } from 'drizzle-orm';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { userMappers, users } from '../../schema/tables';
import { api, signIn } from './auth';
import { db } from './seed';

/** The first bytes of each kind a hand-in takes, so the server's magic-number check passes. */
export const MAGIC = {
  pdf: '%PDF-1.7\n',
  png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  docx: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 6, 0]),
} as const;

export const pdfFile = (name = 'My answers.pdf', body = 'page one') => new File([MAGIC.pdf, body], name, { type: 'application/pdf' });
export const pngFile = (name = 'working.png') => new File([MAGIC.png], name, { type: 'image/png' });
export const textFile = (name = 'notes.txt', body = 'x = 4') => new File([body], name, { type: 'text/plain' });

/** A hand-in's multipart call: `files` as repeated `file` parts, every other field as text (arrays repeated). */
export function handInCall(
  method: 'POST' | 'PUT',
  path: string,
  token: string,
  fields: Record<string, string | string[]>,
  files: File[] = [],
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  for (const file of files) form.append('file', file);
  return api(path, { method, headers: { authorization: `Bearer ${token}`, ...extra }, body: form });
}

/** A parent linked to Maya only, so Sam's records are another family's to them. */
export async function otherParent() {
  const hash = (await db.select().from(users).where(eq(users._id, DEMO_USERS.parent._id)).get())!.passwordHash;
  await db
    .insert(users)
    .values({
      _id: 'user_parent_maya',
      tenantId: TENANT_IDS.studyhall,
      email: 'maya.parent@studyhall.test',
      role: 'PARENT',
      firstname: 'Mo',
      lastname: 'Parent',
      passwordHash: hash,
      onboarded: true,
    })
    .onConflictDoNothing();
  await db
    .insert(userMappers)
    .values({ _id: 'mapper_parent_maya', tenantId: TENANT_IDS.studyhall, parentId: 'user_parent_maya', studentId: DEMO_USERS.student2._id })
    .onConflictDoNothing();
  return signIn('maya.parent@studyhall.test');
}
