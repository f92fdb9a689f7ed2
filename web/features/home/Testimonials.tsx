import { useAtomValue } from 'jotai';
import { Quote } from 'lucide-react';
import { brandingAtom } from '../../entities/tenant/atoms';
import SectionHeading from './SectionHeading';

/** What the tenant's own learners and parents say (its branding); a tenant with none shows no section. */
export default function Testimonials() {
  const testimonials = useAtomValue(brandingAtom)?.landing.testimonials ?? [];
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-heading" className="pb-16 sm:pb-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="testimonials-heading" eyebrow="In their words" title="What learners and parents say" />
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
          {testimonials.map(({ quote, author, detail }) => (
            <li
              key={`${author}-${quote}`}
              className="flex flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <Quote className="size-6 text-brand-deep" aria-hidden="true" />
              <blockquote className="mt-3 flex-1 leading-relaxed text-slate-700 dark:text-slate-200">{quote}</blockquote>
              <p className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">
                {author}
                {detail && <span className="font-normal text-slate-500 dark:text-slate-400"> · {detail}</span>}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
