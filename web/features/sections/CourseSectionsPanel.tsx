/** The course's section tree; built with the sections work. */
export default function CourseSectionsPanel(_props: { courseId: string; mode: 'admin' | 'tutor' | 'learner' }) {
  return null;
}
