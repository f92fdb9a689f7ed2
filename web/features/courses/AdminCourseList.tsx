import clsx from 'clsx';
import { BookOpen, LayoutTemplate, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { type Course, courseKinds, courseStatuses } from '../../../schema/contracts/courses';
import { gradesOf, subjectsOf } from '../../entities/curricula/catalogue';
import { useCatalogue } from '../../entities/curricula/use-catalogue';
import { useCan } from '../../entities/roles/admin-permissions';
import { usePagedList } from '../../lib/paged-list';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { statusBadge } from '../../ui/badges';
import { cardClass, primaryButton, secondaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { ChoiceField } from '../../ui/fields';
import { ListStatus } from '../../ui/ListStatus';
import { Pager } from '../../ui/Pager';
import { SearchField } from '../../ui/SearchField';
import { TableHead } from '../../ui/TableHead';
import { courseCalls } from './api';
import CourseFormDialog from './CourseFormDialog';
import { kindLabel } from './course-kind';
import FromTemplateDialog from './FromTemplateDialog';

const PAGE_SIZE = 20;

/** The admin's course table with the spec's filters, and the two ways to make a course. */
export default function AdminCourseList() {
  const navigate = useNavigate();
  const can = useCan();
  const catalogue = useCatalogue() ?? [];
  const [typed, setTyped] = useState('');
  const searchText = useDebouncedValue(typed.trim());
  const [filters, setFilters] = useState({ curriculum: '', subject: '', grade: '', status: '', type: '' });
  const [dialog, setDialog] = useState<'new' | 'template' | null>(null);
  const query = { searchText, ...filters };
  const { list, goTo, reload } = usePagedList<Course>((offset) => courseCalls.adminList({ ...query, limit: PAGE_SIZE, offset }), JSON.stringify(query));
  const setFilter = (field: keyof typeof filters) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setFilters((current) => ({
      ...current,
      [field]: value,
      ...(field === 'curriculum' ? { subject: '', grade: '' } : field === 'subject' ? { grade: '' } : {}),
    }));
  };
  const opened = (course: Course) => void navigate(`/portal/courses/${course._id}`);

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm font-semibold text-brand-deep">Admin</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Courses</h1>
        </div>
        {can({ adminCourse: ['create'] }) && (
          <div className="flex flex-wrap items-center gap-2">
            <Link to="/portal/admin/course-templates" className="px-2 text-sm font-semibold text-brand-deep hover:underline">
              Course templates
            </Link>
            <button type="button" className={secondaryButton} onClick={() => setDialog('template')}>
              <LayoutTemplate className="size-4" aria-hidden="true" />
              From template
            </button>
            <button type="button" className={primaryButton} onClick={() => setDialog('new')}>
              <Plus className="size-4" aria-hidden="true" />
              New course
            </button>
          </div>
        )}
      </div>

      <div className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-6">
        <SearchField id="course-search" value={typed} onChange={setTyped} placeholder="Course title" className="col-span-2" />
        <ChoiceField
          className="col-span-2 lg:col-span-1"
          id="filter-curriculum"
          label="Curriculum"
          value={filters.curriculum}
          onChange={setFilter('curriculum')}
        >
          <option value="">All</option>
          {catalogue.map((c) => (
            <option key={c._id} value={c.curriculum}>
              {c.curriculum}
            </option>
          ))}
        </ChoiceField>
        <ChoiceField id="filter-subject" label="Subject" value={filters.subject} onChange={setFilter('subject')} disabled={!filters.curriculum}>
          <option value="">All</option>
          {subjectsOf(catalogue, filters.curriculum).map((s) => (
            <option key={s.subject}>{s.subject}</option>
          ))}
        </ChoiceField>
        <ChoiceField id="filter-grade" label="Grade" value={filters.grade} onChange={setFilter('grade')} disabled={!filters.subject}>
          <option value="">All</option>
          {gradesOf(catalogue, filters.curriculum, filters.subject).map((g) => (
            <option key={g}>{g}</option>
          ))}
        </ChoiceField>
        <div className="col-span-2 grid grid-cols-2 gap-3 lg:col-span-1">
          <ChoiceField id="filter-status" label="Status" value={filters.status} onChange={setFilter('status')}>
            <option value="">All</option>
            {courseStatuses.map((s) => (
              <option key={s} value={s}>
                {s === 'ACTIVE' ? 'Active' : 'Draft'}
              </option>
            ))}
          </ChoiceField>
          <ChoiceField id="filter-type" label="Type" value={filters.type} onChange={setFilter('type')}>
            <option value="">All</option>
            {courseKinds.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </ChoiceField>
        </div>
      </div>

      <ListStatus
        list={list}
        onRetry={() => void reload()}
        className="mt-5"
        empty={
          <EmptyState
            icon={<BookOpen className="size-6" aria-hidden="true" />}
            title="No courses found"
            text="Try other filters, or create the first course."
          />
        }
      >
        <div className={clsx(cardClass, 'overflow-x-auto', list.status === 'loading' && 'opacity-60')}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Courses</caption>
            <TableHead
              className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400"
              columns={['Course', { label: 'Subject', className: 'hidden md:table-cell' }, { label: 'Tutors', className: 'hidden sm:table-cell' }, 'Status']}
            />
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {list.docs.map((course) => (
                <tr key={course._id}>
                  <td className="px-4 py-3">
                    <Link
                      to={`/portal/courses/${course._id}`}
                      className="font-semibold wrap-anywhere text-slate-900 hover:text-brand-deep hover:underline dark:text-white"
                    >
                      {course.title}
                    </Link>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {kindLabel(course.kind)} · {course.studentsCount === 1 ? '1 student' : `${course.studentsCount} students`}
                    </p>
                  </td>
                  <td className="hidden px-4 py-3 text-slate-600 md:table-cell dark:text-slate-300">
                    {course.curriculum} · {course.subject} · {course.grade}
                  </td>
                  <td className="hidden px-4 py-3 text-slate-600 sm:table-cell dark:text-slate-300">
                    {course.tutors
                      .filter((t) => t.status === 'ENABLE')
                      .map((t) => `${t.user.firstname} ${t.user.lastname}`)
                      .join(', ') || '—'}
                  </td>
                  <td className="px-4 py-3">
                    <span className={statusBadge(course.status)}>{course.status === 'ACTIVE' ? 'Active' : 'Draft'}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(offset) => void goTo(offset)} />
      </ListStatus>
      {dialog === 'new' && <CourseFormDialog open onClose={() => setDialog(null)} onSaved={opened} />}
      {dialog === 'template' && <FromTemplateDialog open onClose={() => setDialog(null)} onCreated={opened} />}
    </div>
  );
}
