import { KeyRound } from 'lucide-react';

const DEMO_PASSWORD = 'studyhall-demo';
const DEMO_USERS = [
  { role: 'Admin', email: 'admin@studyhall.test' },
  { role: 'Tutor', email: 'tutor@studyhall.test' },
  { role: 'Student', email: 'student@studyhall.test' },
  { role: 'Parent', email: 'parent@studyhall.test' },
];

/** The seeded demo accounts; shown on the product's own tenant only, never on a partner's. */
export default function DemoLogins({ onPick }: { onPick: (email: string, password: string) => void }) {
  return (
    <section
      data-testid="demo-logins"
      aria-labelledby="demo-logins-heading"
      className="mt-8 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="demo-logins-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
        <KeyRound className="size-4 text-brand-deep" aria-hidden="true" />
        Demo logins
      </h2>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        Password for all: <code className="font-mono text-slate-700 dark:text-slate-200">{DEMO_PASSWORD}</code>
      </p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {DEMO_USERS.map((demo) => (
          <li key={demo.email}>
            <button
              type="button"
              onClick={() => onPick(demo.email, DEMO_PASSWORD)}
              className="flex w-full flex-col items-start rounded-xl bg-white px-3 py-2 text-left ring-1 ring-slate-200 transition ring-inset hover:ring-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:bg-slate-950 dark:ring-slate-800"
            >
              <span className="text-xs font-semibold text-slate-900 dark:text-white">{demo.role}</span>
              <span className="max-w-full truncate font-mono text-xs text-slate-500 dark:text-slate-400">{demo.email}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
