import { CalendarCheck, ListChecks, type LucideIcon, Presentation } from 'lucide-react';
import SectionHeading from './SectionHeading';

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: CalendarCheck,
    title: 'Book a free class',
    text: 'Choose your curriculum, subject and grade, then pick a time that suits you. The first class is free.',
  },
  {
    icon: Presentation,
    title: 'Learn live with your tutor',
    text: 'Meet one-to-one or in a small group. Work through problems together on a shared whiteboard while you both take notes.',
  },
  {
    icon: ListChecks,
    title: 'Practise until it sticks',
    text: 'Between lessons, answer exam-style questions with hints when you are stuck, and revisit your lesson notes at any time.',
  },
];

export default function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="border-y border-slate-200 bg-slate-50 py-16 sm:py-24 dark:border-slate-800 dark:bg-slate-900/40">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="how-heading" eyebrow="How it works" title="From first class to exam day in three steps" centred />
        <ol className="relative mt-12 grid gap-10 md:grid-cols-3 md:gap-6">
          <span
            aria-hidden="true"
            className="absolute top-7 right-[16%] left-[16%] hidden h-px bg-linear-to-r from-transparent via-slate-300 to-transparent md:block dark:via-slate-700"
          />
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="relative flex flex-col items-center text-center">
              <span className="relative flex size-14 items-center justify-center rounded-2xl bg-white text-brand-deep shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700">
                <Icon className="size-6" aria-hidden="true" />
                <span className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-slate-900 text-xs font-bold text-white dark:bg-brand dark:text-brand-ink">
                  {i + 1}
                </span>
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-2 max-w-xs leading-relaxed text-slate-600 dark:text-slate-400">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
