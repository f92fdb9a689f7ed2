import { describe, expect, it } from 'vitest';
import { courseTutorPermissions } from '../../worker/lib/courses/tutor-permissions';

const editor = { COURSE: ['view', 'edit'], SECTION: ['create', 'edit', 'delete'] };
const viewer = { COURSE: ['view'] };
const template = { PRIMARY: viewer, TRIAL: { COURSE: ['view'], RESOURCE: ['create'] } };

describe('courseTutorPermissions', () => {
  it('gives a role set by hand over the template', () => {
    expect(courseTutorPermissions({ type: 'PRIMARY', rolePermissions: editor, roleByHand: true }, template)).toEqual({
      permissions: editor,
      source: 'tutor-role',
    });
  });

  it('takes the template entry for the tutor type when the role was not set by hand', () => {
    expect(courseTutorPermissions({ type: 'PRIMARY', rolePermissions: editor, roleByHand: false }, template)).toEqual({
      permissions: viewer,
      source: 'template',
    });
    expect(courseTutorPermissions({ type: 'TRIAL', rolePermissions: editor, roleByHand: false }, template).permissions).toEqual(template.TRIAL);
  });

  it('falls back to the default role when the template says nothing for the type, or there is no template', () => {
    expect(courseTutorPermissions({ type: 'SUBSTITUTE', rolePermissions: editor, roleByHand: false }, template)).toEqual({
      permissions: editor,
      source: 'default-role',
    });
    expect(courseTutorPermissions({ type: 'PRIMARY', rolePermissions: editor, roleByHand: false }, null).source).toBe('default-role');
  });

  it('honours a template entry that grants nothing at all', () => {
    expect(courseTutorPermissions({ type: 'PRIMARY', rolePermissions: editor, roleByHand: false }, { PRIMARY: {} }).permissions).toEqual({});
  });
});
