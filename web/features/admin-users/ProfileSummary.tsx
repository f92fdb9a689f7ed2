import type { AdminUserRecord } from '../../../schema/contracts/admin-users';
import { cardClass } from '../../ui/classes';

const languageName = (tag: string) => {
  try {
    return new Intl.DisplayNames(undefined, { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
};

/** What the person has told us about themselves; they (or the profile screens) keep it up to date. */
export default function ProfileSummary({ user }: { user: AdminUserRecord }) {
  const groups = [
    { title: 'Subjects', items: user.subjects.map((s) => ({ _id: s._id, text: `${s.subject} · ${s.curriculum} · ${s.grade}` })) },
    { title: 'Languages', items: user.languages.map((l) => ({ _id: l._id, text: `${languageName(l.language)} (${l.proficiency.toLowerCase()})` })) },
    { title: 'Experience', items: user.experiences.map((e) => ({ _id: e._id, text: [e.title, e.organisation].filter(Boolean).join(', ') })) },
    { title: 'Qualifications', items: user.qualifications.map((q) => ({ _id: q._id, text: [q.title, q.institution, q.year].filter(Boolean).join(', ') })) },
    { title: 'Achievements', items: user.achievements.map((a) => ({ _id: a._id, text: [a.title, a.year].filter(Boolean).join(', ') })) },
  ];
  const filled = groups.filter((g) => g.items.length > 0);
  return (
    <section aria-labelledby="profile-heading" className={`${cardClass} p-5 sm:p-6`}>
      <h2 id="profile-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Profile
      </h2>
      {filled.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nothing added to the profile yet.</p>
      ) : (
        <dl className="mt-3 space-y-3">
          {filled.map((group) => (
            <div key={group.title}>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{group.title}</dt>
              <dd className="mt-1 flex flex-wrap gap-1.5">
                {group.items.map((item) => (
                  <span key={item._id} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                    {item.text}
                  </span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
