import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { focusRing } from '../classes';

const switchLink = `rounded font-semibold text-brand-deep hover:underline dark:text-brand ${focusRing}`;

/** The line under an account-entry card that sends the person to the neighbouring screen (sign in, sign up, ask again). */
export default function AuthSwitch({
  prompt,
  to,
  linkClassName = switchLink,
  children,
}: {
  prompt: ReactNode;
  to: string;
  linkClassName?: string;
  children: ReactNode;
}) {
  return (
    <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
      {prompt}{' '}
      <Link to={to} className={linkClassName}>
        {children}
      </Link>
    </p>
  );
}
