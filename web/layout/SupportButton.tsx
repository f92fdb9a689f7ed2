import clsx from 'clsx';
import { useAtomValue } from 'jotai';
import { Mail, MessageCircle } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { brandingAtom } from '../entities/tenant/atoms';
import { supportLink } from './support';

/**
 * The floating support bubble, from the md breakpoint up. On phones it would cover badges, messages and Join
 * buttons as the page scrolls under it, so there support is a link in the header's menu (MobileMenu) instead.
 */
export default function SupportButton() {
  // On a tablet the lesson room fills the screen and its corner holds the lesson's own controls.
  const inLessonRoom = useLocation().pathname.startsWith('/lesson-room/');
  const support = supportLink(useAtomValue(brandingAtom));
  if (!support) return null;
  const Icon = support.opensChat ? MessageCircle : Mail;
  return (
    <a
      href={support.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={support.label}
      title={support.label}
      data-testid="support-button"
      className={clsx(
        inLessonRoom && 'max-lg:hidden',
        'fixed right-4 bottom-4 z-40 flex size-14 max-md:hidden items-center justify-center rounded-full bg-brand text-brand-ink shadow-lg shadow-slate-900/20 transition hover:scale-105 hover:bg-brand-strong hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand sm:right-6 sm:bottom-6 dark:hover:text-slate-950',
      )}
    >
      <Icon className="size-7" aria-hidden="true" />
    </a>
  );
}
