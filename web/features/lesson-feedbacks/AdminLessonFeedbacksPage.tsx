import { AdminTabsPage } from '../../entities/roles/AdminTabsPage';
import { useCan } from '../../entities/roles/admin-permissions';
import { useViewerZone } from '../../lib/use-viewer-zone';
import AdminFeedbackList from './AdminFeedbackList';

/** /portal/admin/lesson-feedbacks: what tutors wrote to students about lessons, and how students rated them. */
export default function AdminLessonFeedbacksPage() {
  const can = useCan();
  const zone = useViewerZone();
  const canDelete = can({ adminCourse: ['delete'] });
  const tabs = can({ adminCourse: ['view'] })
    ? [
        { label: 'From tutors', panel: <AdminFeedbackList author="TUTOR" zone={zone} canDelete={canDelete} /> },
        { label: 'From students', panel: <AdminFeedbackList author="STUDENT" zone={zone} canDelete={canDelete} /> },
      ]
    : [];
  return (
    <AdminTabsPage
      title="Lesson feedback"
      intro="Tutors’ feedback to students with the stars and rewards they gave, and students’ ratings of their lessons, newest first."
      noAccess={{ title: 'No access to lesson feedback', text: 'Your role does not include viewing courses. Ask an admin who has it.' }}
      tabsLabel="Lesson feedback"
      tabListClassName="flex flex-wrap gap-2"
      tabs={tabs}
    />
  );
}
