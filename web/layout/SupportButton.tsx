import clsx from 'clsx';
import { MessageCircle } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { SUPPORT_CHAT_URL } from './support';

/**
 * The floating support bubble, from the md breakpoint up. On phones it would cover badges, messages and Join
 * buttons as the page scrolls under it, so there support is a link in the header's menu (MobileMenu) instead.
 */
export default function SupportButton() {
  // On a tablet the lesson room fills the screen and its corner holds the lesson's own controls.
  const inLessonRoom = useLocation().pathname.startsWith('/lesson-room/');
  return (
    <a
      href={SUPPORT_CHAT_URL}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Message support on WhatsApp"
      title="Message support on WhatsApp"
      data-testid="support-button"
      className={clsx(
        inLessonRoom && 'max-lg:hidden',
        'fixed right-4 bottom-4 z-40 flex size-14 max-md:hidden items-center justify-center rounded-full bg-brand text-slate-950 shadow-lg shadow-slate-900/20 transition hover:scale-105 hover:bg-brand-strong hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand sm:right-6 sm:bottom-6 dark:hover:text-slate-950',
      )}
    >
      <MessageCircle className="size-7" aria-hidden="true" />
    </a>
  );
}
