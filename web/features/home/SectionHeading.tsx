export default function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  centred = false,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  centred?: boolean;
}) {
  return (
    <div className={centred ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      <p className="text-sm font-semibold tracking-wide text-brand-deep uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
        {title}
      </h2>
      {lead && <p className="mt-4 text-lg leading-relaxed text-slate-600 dark:text-slate-300">{lead}</p>}
    </div>
  );
}
