import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TENANT_IDS } from '../../schema/seed';
import { coursePermissionTemplates, courseTutors } from '../../schema/tables';
import { type Callers, call } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { COURSE_IDS, seedCoursesSignedIn } from '../helpers/section-fixtures';
import { db } from '../helpers/seed';

let as: Callers;
const ids = COURSE_IDS;
const EDITOR = `tutor_role_editor_${TENANT_IDS.studyhall}`;
const viewOnly = { PRIMARY: { COURSE: ['view'] } };

beforeAll(async () => {
  ({ as } = await seedCoursesSignedIn());
  await db.insert(coursePermissionTemplates).values({ _id: 'permission_partner', tenantId: TENANT_IDS.brightpath, name: 'Partner', permissions: viewOnly });
});

/** Theo (the demo tutor, PRIMARY on Sam's course with the default Editor role) adds a section there. */
const addSection = (title: string) => call('POST', '/sections', as.tutor, { course: ids.sam, title, kind: 'SECTION' });

const createTemplate = async (name: string, permissions: unknown) => {
  const res = await call('POST', '/admin/course-permission-templates', as.admin, { name, permissions });
  expect(res.status).toBe(201);
  return (await res.json<{ _id: string }>())._id;
};

const useTemplate = async (permissionTemplateId: string | null) =>
  expect((await call('PUT', `/admin/courses/${ids.sam}`, as.admin, { permissionTemplateId })).status).toBe(200);

describe('a course permission template applied to its course tutors', () => {
  it('withholds what the template withholds from the tutor type, and the same tutor may on a course without it', async () => {
    expect((await addSection('Before the template')).status).toBe(201);
    const template = await createTemplate('View only', viewOnly);
    await useTemplate(template);
    expect((await addSection('Under the template')).status).toBe(403);
    expect((await call('GET', `/sections?course=${ids.sam}`, as.tutor)).status).toBe(200);
    await useTemplate(null);
    expect((await addSection('Template taken off')).status).toBe(201);
  });

  it('reads the template live: changing it changes access at once', async () => {
    const template = await createTemplate('Changing', viewOnly);
    await useTemplate(template);
    expect((await addSection('Refused')).status).toBe(403);
    const widened = { PRIMARY: { COURSE: ['view'], SECTION: ['create'] } };
    expect((await call('PUT', `/admin/course-permission-templates/${template}`, as.admin, { name: 'Changing', permissions: widened })).status).toBe(200);
    expect((await addSection('Allowed now')).status).toBe(201);
    await useTemplate(null);
  });

  it('leaves a tutor type the template does not name with its own role', async () => {
    await useTemplate(await createTemplate('Trial tutors only', { TRIAL: { COURSE: ['view'] } }));
    expect((await addSection('Primary keeps Editor')).status).toBe(201);
    await useTemplate(null);
  });

  it('lets a role set by hand win over the template, until it is handed back with null', async () => {
    await useTemplate(await createTemplate('Hand beats template', viewOnly));
    expect((await call('PUT', '/admin/course-tutors/tutor_sam', as.admin, { tutorRoleId: EDITOR })).status).toBe(200);
    expect((await addSection('By hand')).status).toBe(201);
    expect((await call('PUT', '/admin/course-tutors/tutor_sam', as.admin, { tutorRoleId: null })).status).toBe(200);
    const row = await db.select().from(courseTutors).where(eq(courseTutors._id, 'tutor_sam')).get();
    expect(row).toMatchObject({ tutorRoleId: EDITOR, tutorRoleByHand: false });
    expect((await addSection('Back to the template')).status).toBe(403);
    await useTemplate(null);
  });

  it('refuses another tenant’s template id for a course', async () => {
    await expectFieldError(await call('PUT', `/admin/courses/${ids.sam}`, as.admin, { permissionTemplateId: 'permission_partner' }), 'permissionTemplateId');
  });
});
