import { Lightbulb, type LucideIcon, NotebookPen, UsersRound, Video } from 'lucide-react';
import SectionHeading from './SectionHeading';

const FEATURES: { icon: LucideIcon; title: string; text: string; tint: string }[] = [
  {
    icon: Video,
    title: 'Live lessons, one-to-one or in groups',
    text: 'Book, reschedule or cancel lessons yourself, and meet your tutor in a waiting room a few minutes before you start.',
    tint: 'bg-sky-50 text-sky-700 dark:bg-sky-400/15 dark:text-sky-300',
  },
  {
    icon: NotebookPen,
    title: 'A whiteboard and notes that never lose your work',
    text: 'Everything you draw and write is saved on your device first and syncs when you are back online, so a dropped connection costs nothing.',
    tint: 'bg-teal-50 text-teal-700 dark:bg-teal-400/15 dark:text-teal-300',
  },
  {
    icon: Lightbulb,
    title: 'Practice quizzes with hints',
    text: 'Topic-by-topic questions in the style of your exam, with a hint when you need a nudge rather than the answer.',
    tint: 'bg-amber-50 text-amber-700 dark:bg-amber-400/15 dark:text-amber-300',
  },
  {
    icon: UsersRound,
    title: 'One parent account, every child',
    text: 'Parents switch between their children to book lessons, follow progress and keep track of homework from a single sign-in.',
    tint: 'bg-violet-50 text-violet-700 dark:bg-violet-400/15 dark:text-violet-300',
  },
];

export default function Features() {
  return (
    <section aria-labelledby="features-heading" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-heading"
          eyebrow="Everything in one place"
          title="Built for real lessons, not just video calls"
          lead="The tools your tutor teaches with are the same ones you revise with afterwards."
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 sm:gap-6">
          {FEATURES.map(({ icon: Icon, title, text, tint }) => (
            <li key={title} className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
              <span className={`flex size-11 items-center justify-center rounded-2xl sm:size-12 ${tint}`}>
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900 sm:text-xl dark:text-white">{title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600 dark:text-slate-400">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
