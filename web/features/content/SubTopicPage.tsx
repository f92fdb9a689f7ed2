import { useAtomValue } from 'jotai';
import { ClipboardCheck, ExternalLink, FileText, Gauge, PenLine, PlayCircle, ScrollText, Star, Video } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { SubjectDataResponse, SubTopicPage as SubTopicData } from '../../../schema/contracts/content';
import { quizEntryPath, takesQuizzesAtom } from '../../entities/accounts/acting';
import { signedInUserAtom } from '../../lib/session';
import { useResource } from '../../lib/use-resource';
import { focusRing, primaryButton, secondaryButton } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import MathText from '../../ui/math/MathText';
import RichContent from '../../ui/math/RichContent';
import NotFoundPage from '../../ui/NotFoundPage';
import PageLoading from '../../ui/PageLoading';
import Spinner from '../../ui/Spinner';
import Breadcrumbs from './Breadcrumbs';
import { useContentUsage } from './use-content-usage';
import '../../ui/math/rich-content.css';

const card = 'rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800';
const linkClass = `inline-flex items-center gap-2 rounded font-medium text-slate-800 hover:text-brand-deep hover:underline dark:text-slate-100 ${focusRing}`;

/**
 * /{curriculum}/{subject}/{topic}/{subTopic}: the sub topic's notes, videos, resources and FAQs. A single extra
 * segment is a topic, shown on the subject page; anything else that does not resolve is Not Found.
 */
export default function SubTopicPage() {
  const { curriculum = '', subject = '', '*': rest = '' } = useParams();
  const [topicSlug, subTopicSlug, ...extra] = rest.split('/').filter(Boolean);
  const subjectData = useResource<SubjectDataResponse>('/topics/getTopicsBySubjectData', { curriculum, subject });
  const topic = subjectData.status === 'ready' ? subjectData.data.topicsWithSubTopics.find((t) => t.slug === topicSlug) : undefined;
  const subTopicId = topic?.subTopics.find((s) => s.slug === subTopicSlug)?._id ?? null;
  const page = useResource<SubTopicData>(subTopicId ? `/subtopics/${subTopicId}` : null);

  if (subjectData.status === 'loading') return <PageLoading />;
  if (subjectData.status === 'error') return <LoadFailure onRetry={subjectData.retry} />;
  if (subjectData.status === 'missing' || !topic || extra.length > 0) return <NotFoundPage />;
  if (!subTopicSlug) return <Navigate replace to={`/${curriculum}/${subject}#${topic.slug}`} />;
  if (!subTopicId || page.status === 'missing') return <NotFoundPage />;
  if (page.status === 'loading') return <PageLoading />;
  if (page.status === 'error') return <LoadFailure onRetry={page.retry} />;

  return <SubTopicView subjectData={subjectData.data} subject={subject} topic={topic} s={page.data} />;
}

type TopicEntry = SubjectDataResponse['topicsWithSubTopics'][number];

function SubTopicView({ subjectData, subject, topic, s }: { subjectData: SubjectDataResponse; subject: string; topic: TopicEntry; s: SubTopicData }) {
  const { curriculum: cur, subject: sub } = subjectData;
  const user = useAtomValue(signedInUserAtom);
  const takesQuizzes = useAtomValue(takesQuizzesAtom);
  const { notes, videosLocked, watched } = useContentUsage(s.contents.length ? s._id : null, user?.role.name === 'STUDENT');
  const papers = useResource<{ hasPapers: boolean }>(`/quizzes/checkPapersBySubTopicId/${s._id}`);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <Breadcrumbs
        items={[
          { label: cur.name, to: `/${cur.slug}` },
          { label: sub?.name ?? subject, to: `/${cur.slug}/${subject}` },
          { label: topic.name, to: `/${cur.slug}/${subject}#${topic.slug}` },
          { label: s.name },
        ]}
      />
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{s.name}</h1>
          {s.summary && <MathText as="p" text={s.summary} className="mt-3 max-w-2xl text-lg leading-relaxed text-slate-600 dark:text-slate-300" />}
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
            {s.questionCount === 1 ? '1 practice question' : `${s.questionCount} practice questions`}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {papers.status === 'ready' && papers.data.hasPapers && (
            <Link to={`/topical-past-papers?subTopicId=${encodeURIComponent(s._id)}`} className={secondaryButton}>
              <ScrollText className="size-4" aria-hidden="true" />
              Past papers
            </Link>
          )}
          {s.quizId && (
            <Link to={quizEntryPath(s.quizId, takesQuizzes)} className={primaryButton}>
              <PlayCircle className="size-4" aria-hidden="true" />
              Practice
            </Link>
          )}
          {takesQuizzes && s.questionCount > 0 && (
            <Link to={`/quick-check/${s._id}`} className={secondaryButton}>
              <ClipboardCheck className="size-4" aria-hidden="true" />
              Quick check
            </Link>
          )}
          <Link to={`/essays/${s._id}`} className={secondaryButton}>
            <PenLine className="size-4" aria-hidden="true" />
            Practise a structured question
          </Link>
        </div>
      </div>

      <div className="mt-8 space-y-6">
        {s.contents.length === 0 && s.videoLinks.length === 0 && s.faqs.length === 0 && (
          <p className={`${card} text-slate-600 dark:text-slate-400`}>Notes for this sub topic are being written. You can already practise its questions.</p>
        )}
        {notes.status === 'checking' && s.contents.length > 0 && (
          <p role="status" className={`${card} flex items-center gap-2 text-slate-600 dark:text-slate-400`}>
            <Spinner className="size-4 text-brand-deep" /> Loading notes…
          </p>
        )}
        {notes.status === 'refused' && <LimitNotice title="Notes are paused for this month" message={notes.message} />}
        {notes.status === 'open' &&
          s.contents.map((block) => (
            <section key={block._id} className={card} aria-labelledby={`content-${block._id}`}>
              <h2 id={`content-${block._id}`} className="text-lg font-semibold text-slate-900 dark:text-white">
                {block.title}
              </h2>
              <RichContent html={block.body} className="mt-3 leading-relaxed text-slate-700 dark:text-slate-300" />
            </section>
          ))}
        {(s.videoLinks.length > 0 || s.resources.length > 0) && (
          <section className={card} aria-labelledby="watch-and-read">
            <h2 id="watch-and-read" className="text-lg font-semibold text-slate-900 dark:text-white">
              Watch and read
            </h2>
            <ul className="mt-3 space-y-2">
              {videosLocked && (
                <li>
                  <LimitNotice title="Videos are paused for this month" message={videosLocked} />
                </li>
              )}
              {!videosLocked &&
                s.videoLinks.map((v) => (
                  <li key={v._id}>
                    <a href={v.url} target="_blank" rel="noopener noreferrer" className={linkClass} onClick={watched}>
                      <Video className="size-4 text-brand-deep" aria-hidden="true" />
                      {v.title}
                      <ExternalLink className="size-3.5 text-slate-400" aria-label="(opens in a new tab)" />
                    </a>
                  </li>
                ))}
              {s.resources.map((r) => (
                <li key={r._id}>
                  <a href={r.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                    <FileText className="size-4 text-brand-deep" aria-hidden="true" />
                    {r.title}
                    <ExternalLink className="size-3.5 text-slate-400" aria-label="(opens in a new tab)" />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        {s.faqs.length > 0 && (
          <section className={card} aria-labelledby="faqs">
            <h2 id="faqs" className="text-lg font-semibold text-slate-900 dark:text-white">
              Questions students ask
            </h2>
            <div className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
              {s.faqs.map((f) => (
                <details key={f._id} className="group py-3">
                  <summary className={`cursor-pointer rounded font-medium text-slate-900 dark:text-white ${focusRing}`}>
                    <MathText text={f.question} />
                  </summary>
                  <MathText as="p" text={f.answer} className="mt-2 text-slate-600 dark:text-slate-300" />
                </details>
              ))}
            </div>
          </section>
        )}
        {s.reviews.length > 0 && (
          <section className={card} aria-labelledby="reviews">
            <h2 id="reviews" className="text-lg font-semibold text-slate-900 dark:text-white">
              What learners say
            </h2>
            <ul className="mt-3 space-y-3">
              {s.reviews.map((r) => (
                <li key={r._id}>
                  <p className="flex items-center gap-1 text-amber-500" aria-label={`${r.rating} out of 5`}>
                    {Array.from({ length: 5 }, (_, i) => (
                      <Star key={i} className={`size-4 ${i < r.rating ? 'fill-current' : 'text-slate-300 dark:text-slate-700'}`} aria-hidden="true" />
                    ))}
                  </p>
                  <p className="mt-1 text-slate-700 dark:text-slate-300">{r.text}</p>
                  <p className="text-sm text-slate-500 dark:text-slate-400">{r.author}</p>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}

/** Why the learner cannot see this now and what to do, with the way to keep practising that is still open. */
function LimitNotice({ title, message }: { title: string; message: string }) {
  return (
    <div
      role="alert"
      className="rounded-2xl bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-100 dark:ring-amber-500/30"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Gauge className="size-5" aria-hidden="true" />
        {title}
      </p>
      <p className="mt-1 text-sm leading-relaxed" data-testid="usage-limit-message">
        {message}
      </p>
    </div>
  );
}
