import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface AuthCardProps {
  icon: LucideIcon;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. "Create an account"). */
  footer?: ReactNode;
  /** Wider card for forms with two columns. */
  wide?: boolean;
}

/** The card every account-entry screen sits on: login, sign-up, forgot and reset password. */
export default function AuthCard({ icon: Icon, title, subtitle, children, footer, wide }: AuthCardProps) {
  return (
    <div className="relative isolate flex min-h-[calc(100vh-4rem)] items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_24rem_at_50%_-10%,color-mix(in_oklab,var(--brand)_18%,transparent),transparent)]"
      />
      <div className={wide ? 'w-full max-w-xl' : 'w-full max-w-md'}>
        <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 shadow-slate-900/5 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:shadow-black/30 dark:ring-slate-800">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-brand/15 text-brand-deep">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
          {subtitle && <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>}
          {children}
        </div>
        {footer}
      </div>
    </div>
  );
}
