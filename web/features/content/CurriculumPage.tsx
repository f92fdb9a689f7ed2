import { BookDashed } from 'lucide-react';
import { useParams } from 'react-router-dom';
import type { HomeCurriculum } from '../../../schema/contracts/learning';
import SubjectCard from '../../entities/curricula/SubjectCard';
import { useResource } from '../../lib/use-resource';
import LoadFailure from '../../ui/LoadFailure';
import NotFoundPage from '../../ui/NotFoundPage';
import PageLoading from '../../ui/PageLoading';
import Breadcrumbs from './Breadcrumbs';

/** /{curriculum}: the board's subjects; an unknown slug is Not Found. */
export default function CurriculumPage() {
  const { curriculum: slug = '' } = useParams();
  const catalogue = useResource<HomeCurriculum[]>('/curriculums/getCurriculumsForHomePage');
  if (catalogue.status === 'loading') return <PageLoading />;
  if (catalogue.status === 'error') return <LoadFailure onRetry={catalogue.retry} />;
  if (catalogue.status === 'missing') return <NotFoundPage />;
  const curriculum = catalogue.data.find((c) => c.slug === slug);
  if (!curriculum) return <NotFoundPage />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: curriculum.curriculum }]} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{curriculum.curriculum}</h1>
      <p className="mt-3 max-w-2xl text-lg leading-relaxed text-slate-600 dark:text-slate-300">{curriculum.description}</p>
      <h2 className="mt-10 text-lg font-semibold text-slate-900 dark:text-white">Subjects</h2>
      {curriculum.subjects.length > 0 ? (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
          {curriculum.subjects.map((s) => (
            <SubjectCard key={s._id} curriculumSlug={curriculum.slug} subject={s} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 flex items-center gap-3 rounded-2xl border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <BookDashed className="size-5 shrink-0" aria-hidden="true" />
          Subjects for {curriculum.curriculum} are being prepared.
        </p>
      )}
    </div>
  );
}
