import { useAtomValue } from 'jotai';
import { BadgeCheck, CloudCheck, FileText, HandHeart, type LucideIcon } from 'lucide-react';
import { brandingAtom } from '../../entities/tenant/atoms';

const ASSURANCES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: BadgeCheck,
    title: 'Try before you commit',
    text: 'Your first class is free, so you can meet a tutor and see how lessons work before deciding anything.',
  },
  {
    icon: FileText,
    title: 'Past papers by board and year',
    text: 'Past papers sorted by exam board, subject and year sit right next to your lessons and quizzes.',
  },
  {
    icon: CloudCheck,
    title: 'Your work is kept safe',
    text: 'Notes and whiteboards are stored on your device and in your account, so nothing depends on a perfect connection.',
  },
  {
    icon: HandHeart,
    title: 'Parents stay in the loop',
    text: 'A parent account can act for each child it manages, with lesson history and schedules in one place.',
  },
];

function Chips({ heading, items }: { heading: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h3 className="mt-8 text-sm font-semibold text-slate-400">{heading}</h3>
      <ul className="mt-3 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item} className="rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-white ring-1 ring-white/15">
            {item}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The boards and subjects are the tenant's own (its branding): a statement of scope, not a claim about results. */
export default function TrustSection() {
  const landing = useAtomValue(brandingAtom)?.landing;
  return (
    <section aria-labelledby="trust-heading" className="px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-[2rem] bg-slate-900 px-6 py-12 sm:px-12 sm:py-16 dark:bg-slate-900 dark:ring-1 dark:ring-white/10">
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-80 rounded-full bg-brand/25 blur-3xl dark:bg-brand/20" />
        <div className="relative grid gap-12 lg:grid-cols-[1fr_1.2fr] lg:gap-16">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-light uppercase">Made for exam years</p>
            <h2 id="trust-heading" className="mt-2 text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
              Teaching that follows your specification
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-300">
              Lessons, quizzes and past papers are organised around the curriculum you are actually sitting.
            </p>
            <Chips heading="Curricula we teach" items={landing?.boards ?? []} />
            <Chips heading="Subjects" items={landing?.subjects ?? []} />
          </div>
          <ul className="grid gap-6 sm:grid-cols-2">
            {ASSURANCES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl bg-white/5 p-5 ring-1 ring-white/10">
                <Icon className="size-6 text-brand-light" aria-hidden="true" />
                <h3 className="mt-4 font-semibold text-white">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-300">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
