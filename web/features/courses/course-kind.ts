import type { CourseKind } from '../../../schema/contracts/courses';
export const kindLabel = (kind: CourseKind) => (kind === 'One-to-One' ? 'One-to-one' : 'Group');
