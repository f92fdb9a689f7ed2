import { useAtomValue } from 'jotai';
import { useParams } from 'react-router-dom';
import { actingForAtom } from '../../entities/accounts/acting';
import { signedInUserAtom } from '../../lib/session';
import { LearnerProgress } from './LearnerProgress';

/** /dashboard/progress/:userId: a child's or a student's progress, for their parent or tutor (anyone else gets Not Found). */
export default function LearnerProgressPage() {
  const { userId = '' } = useParams();
  const user = useAtomValue(signedInUserAtom);
  const actingFor = useAtomValue(actingForAtom);
  const own = (actingFor ?? user)?._id === userId;
  return (
    <LearnerProgress
      key={userId}
      userId={userId}
      own={own}
      back={own ? { to: '/dashboard', label: 'Dashboard' } : { to: '/dashboard/progress', label: 'All learners' }}
    />
  );
}
