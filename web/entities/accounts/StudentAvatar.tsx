import type { MappedStudent } from '../../../schema/contracts/profile';

/** The student's photo, or their initials on the brand colour when there is none. */
export default function StudentAvatar({ student }: { student: Pick<MappedStudent, 'firstname' | 'lastname' | 'avatar'> }) {
  if (student.avatar) {
    return <img src={student.avatar} alt="" className="size-14 shrink-0 rounded-full object-cover ring-2 ring-white dark:ring-slate-900" />;
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand/20 text-lg font-bold text-slate-900 dark:text-white"
    >
      {`${student.firstname.charAt(0)}${student.lastname.charAt(0)}`.toUpperCase() || '?'}
    </span>
  );
}
