import type { CourseTutorType, TutorTypePermissions } from '../../../schema/contracts/course-templates';
import type { PermissionMap } from '../../../schema/contracts/permissions';

export interface CourseTutorRole {
  type: CourseTutorType;
  /** The map of the tutor's own tutor role: the one an admin picked, else the tenant's default role. */
  rolePermissions: PermissionMap;
  roleByHand: boolean;
}

export type TutorPermissionSource = 'tutor-role' | 'template' | 'default-role';

/**
 * The one rule for what a course tutor may do: a role an admin set on this tutor by hand wins; else the course's
 * permission template's entry for the tutor's type; else the tenant's default role the tutor was given.
 */
export function courseTutorPermissions(
  tutor: CourseTutorRole,
  template: TutorTypePermissions | null,
): { permissions: PermissionMap; source: TutorPermissionSource } {
  if (tutor.roleByHand) return { permissions: tutor.rolePermissions, source: 'tutor-role' };
  const fromTemplate = template?.[tutor.type];
  if (fromTemplate) return { permissions: fromTemplate, source: 'template' };
  return { permissions: tutor.rolePermissions, source: 'default-role' };
}
