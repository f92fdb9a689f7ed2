import { AdminTabsPage } from '../../entities/roles/AdminTabsPage';
import { useCan } from '../../entities/roles/admin-permissions';
import { useViewerZone } from '../../lib/use-viewer-zone';
import { CompletedTab } from './CompletedTab';
import { RequestsTab } from './RequestsTab';

/**
 * /portal/admin/lesson-history (spec 1 section 7): the Completed tab for an admin who may view lesson history, the
 * Reschedule-or-cancellation tab for one who may view meeting requests, each with its CSV.
 */
export default function LessonHistoryPage() {
  const can = useCan();
  const zone = useViewerZone();
  const tabs = [
    ...(can({ lessonHistory: ['view'] }) ? [{ label: 'Completed', panel: <CompletedTab zone={zone} /> }] : []),
    ...(can({ meetingRequests: ['view'] }) ? [{ label: 'Reschedule or cancellation', panel: <RequestsTab zone={zone} /> }] : []),
  ];
  return (
    <AdminTabsPage
      title="Lesson history"
      intro={`Every lesson that ended, what its tutor is paid, and every request to move or cancel one. Times are in ${zone.replaceAll('_', ' ')}.`}
      noAccess={{ title: 'No access to lesson history', text: 'Your role does not include viewing lesson history. Ask an admin who has it.' }}
      tabsLabel="Lesson history"
      tabListClassName="flex flex-wrap gap-2"
      tabs={tabs}
    />
  );
}
