import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { SubTopicDoc, SubTopicPage } from '../../../schema/contracts/content';
import { useCan } from '../../entities/roles/admin-permissions';
import { useResource } from '../../lib/use-resource';
import { focusRing } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import MathText from '../../ui/math/MathText';
import NotFoundPage from '../../ui/NotFoundPage';
import PageLoading from '../../ui/PageLoading';
import ContentAccess from './ContentAccess';
import EssayList from './EssayList';
import QuestionBank from './QuestionBank';
import QuizList from './QuizList';
import SubTopicContent from './SubTopicContent';

const tabClass = `rounded-full px-4 py-2 text-sm font-semibold text-slate-700 data-selected:bg-slate-900 data-selected:text-white dark:text-slate-200 dark:data-selected:bg-brand dark:data-selected:text-slate-950 ${focusRing}`;

/** One sub topic in the admin area: its question bank, essay questions, quizzes and content, side by side as tabs. */
export default function SubTopicAdminPage() {
  return (
    <ContentAccess>
      <SubTopicAdminPageBody />
    </ContentAccess>
  );
}

function SubTopicAdminPageBody() {
  const { subTopicId = '' } = useParams();
  const loaded = useResource<SubTopicPage>(`/subtopics/${subTopicId}`);
  const [doc, setDoc] = useState<SubTopicDoc | null>(null);
  const can = useCan();
  const quizzesShown = can({ quizzes: ['view'] });
  const fresh = loaded.status === 'ready' ? loaded.data : null;
  // Edits replace the shown copy; a new load (another sub topic) starts from the server's.
  useEffect(() => setDoc(fresh), [fresh]);
  if (loaded.status === 'loading') return <PageLoading />;
  if (loaded.status === 'missing') return <NotFoundPage />;
  if (loaded.status === 'error') return <LoadFailure onRetry={loaded.retry} />;
  const subTopic = doc ?? loaded.data;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <Link
        to="/portal/admin/content"
        className={`inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white ${focusRing}`}
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {loaded.data.topic.name}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{subTopic.name}</h1>
      {subTopic.summary && <MathText as="p" text={subTopic.summary} className="mt-1 text-slate-600 dark:text-slate-400" />}
      <TabGroup className="mt-6">
        <TabList aria-label="Sub topic" className="flex gap-2 overflow-x-auto pb-1">
          <Tab className={tabClass}>Questions</Tab>
          <Tab className={tabClass}>Essay questions</Tab>
          {quizzesShown && <Tab className={tabClass}>Quizzes</Tab>}
          <Tab className={tabClass}>Content</Tab>
        </TabList>
        <TabPanels className="mt-5">
          <TabPanel>
            <QuestionBank subTopicId={subTopic._id} />
          </TabPanel>
          <TabPanel>
            <EssayList subTopicId={subTopic._id} />
          </TabPanel>
          {quizzesShown && (
            <TabPanel>
              <QuizList topicId={loaded.data.topic._id} subTopicId={subTopic._id} />
            </TabPanel>
          )}
          <TabPanel>
            <SubTopicContent subTopic={subTopic} onChange={setDoc} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
