import clsx from 'clsx';
import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { HomeCurriculum } from '../../../schema/contracts/learning';
import { paletteSubjectOf, SUBJECT_COLOURS } from './subject-colours';
import { SUBJECT_ICONS } from './subject-icons';

type HomeSubject = HomeCurriculum['subjects'][number];

export default function SubjectCard({ curriculumSlug, subject }: { curriculumSlug: string; subject: HomeSubject }) {
  const paletteName = paletteSubjectOf(subject);
  const colour = SUBJECT_COLOURS[paletteName];
  const Icon = SUBJECT_ICONS[paletteName];
  const grades = subject.grade.map((g) => g.grade);

  return (
    <li>
      <Link
        to={`/${curriculumSlug}/${subject.slug}`}
        className={clsx(
          'group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white p-3.5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand sm:p-5 dark:border-slate-800 dark:bg-slate-900',
          colour.edge,
        )}
      >
        <span className={clsx('absolute inset-x-0 top-0 h-1', colour.bar)} aria-hidden="true" />
        <span className="flex items-start justify-between gap-3">
          <span className={clsx('flex size-10 shrink-0 items-center justify-center rounded-xl', colour.tile)}>
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <ArrowUpRight
            className="size-4 text-slate-400 transition group-hover:translate-x-0.5 group-hover:-translate-y-0.5 group-hover:text-slate-700 dark:group-hover:text-slate-200"
            aria-hidden="true"
          />
        </span>
        <span className="mt-3 text-sm leading-snug font-semibold text-slate-900 sm:text-base dark:text-white">{subject.subject}</span>
        {grades.length > 0 && <span className="mt-1 line-clamp-2 text-xs leading-relaxed text-slate-500 dark:text-slate-400">{grades.join(' · ')}</span>}
      </Link>
    </li>
  );
}
