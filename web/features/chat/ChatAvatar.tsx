import clsx from 'clsx';
import type { ChatPerson } from '../../../schema/contracts/chat';

/** A round photo or initials, with a green dot while the person is online. */
export default function ChatAvatar({ person, online, size = 'md' }: { person: ChatPerson; online?: boolean; size?: 'sm' | 'md' }) {
  const initials = `${person.firstname.at(0) ?? ''}${person.lastname.at(0) ?? ''}`.toUpperCase() || '?';
  return (
    <span className={clsx('relative inline-flex shrink-0', size === 'md' ? 'size-10' : 'size-8')}>
      {person.avatar ? (
        <img src={person.avatar} alt="" className="size-full rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-full items-center justify-center rounded-full bg-brand/20 text-xs font-semibold text-slate-800 dark:text-slate-100"
        >
          {initials}
        </span>
      )}
      {online !== undefined && (
        <span
          className={clsx('absolute right-0 bottom-0 size-3 rounded-full ring-2 ring-white dark:ring-slate-900', online ? 'bg-emerald-500' : 'bg-slate-400')}
          aria-hidden="true"
        />
      )}
    </span>
  );
}
