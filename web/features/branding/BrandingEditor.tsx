import { ImageUp, Plus, Save, Trash2 } from 'lucide-react';
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from 'react';
import { type Branding, brandingInput, ICON_MAX_BYTES, iconProblem } from '../../../schema/contracts/branding';
import { sentencesOf } from '../../lib/form-errors';
import { cardClass, primaryButton, smallButton } from '../../ui/classes';
import TextAreaField from '../../ui/form-fields/TextAreaField';
import SelectField from '../../ui/SelectField';
import Spinner from '../../ui/Spinner';
import TextField from '../../ui/TextField';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { brandingCalls } from './api';
import BrandingPreview from './BrandingPreview';
import { type BrandingForm, brandingFieldLabel, EMPTY_TESTIMONIAL, formOf, inputOf } from './branding-form';

const MAX_TESTIMONIALS = 6;
const inkOptions = [
  { value: 'white', label: 'White text' },
  { value: 'dark', label: 'Dark text' },
];

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${cardClass} p-4 sm:p-5`}>
      <h2 id={id} className="font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{text}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** A colour typed as #RRGGBB, or picked with the browser's picker beside it. */
function ColourField({
  id,
  label,
  value,
  error,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex items-end gap-2">
      <TextField
        id={id}
        label={label}
        value={value}
        error={error}
        required
        disabled={disabled}
        className="flex-1"
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
      />
      <input
        type="color"
        disabled={disabled}
        aria-label={`Pick the ${label.toLowerCase()}`}
        value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
        onChange={(e) => onChange(e.target.value.toUpperCase())}
        className={`mb-0.5 h-10 w-12 shrink-0 cursor-pointer rounded-lg border-0 bg-transparent p-0 ${error ? 'self-center' : ''}`}
      />
    </div>
  );
}

/** Edits the whole branding and saves it at once; the schema the API checks with checks it here first. */
export default function BrandingEditor({ branding, canEdit, onSaved }: { branding: Branding; canEdit: boolean; onSaved: (saved: Branding) => Promise<void> }) {
  const [form, setForm] = useState<BrandingForm>(() => formOf(branding));
  const { errors, setErrors, formError, busy, submit } = useCheckedSubmit();
  const shown = sentencesOf(errors, brandingFieldLabel);
  const id = useId();

  const set = <K extends keyof BrandingForm>(key: K, value: BrandingForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setIn = <G extends 'colours' | 'support' | 'landing' | 'email'>(group: G, change: Partial<BrandingForm[G]>) =>
    setForm((f) => ({ ...f, [group]: { ...f[group], ...change } }));
  const text = (group: 'support' | 'landing' | 'email', key: string) => ({
    id: `${id}-${key}`,
    value: (form[group] as Record<string, unknown>)[key] as string,
    error: shown[`${group}.${key}`],
    disabled: !canEdit,
    onChange: (e: { target: { value: string } }) => setIn(group, { [key]: e.target.value }),
  });
  // A list's problem is the list's own (too many lines) or its first bad line's.
  const listError = (list: 'boards' | 'subjects') =>
    shown[`landing.${list}`] ?? Object.entries(shown).find(([path]) => path.startsWith(`landing.${list}.`))?.[1];
  const setTestimonial = (index: number, change: Partial<typeof EMPTY_TESTIMONIAL>) =>
    setIn('landing', { testimonials: form.landing.testimonials.map((t, i) => (i === index ? { ...t, ...change } : t)) });

  function pickIcon(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Refused before reading: a large file is never loaded into the page.
    if (file.type !== 'image/png') return setErrors((e) => ({ ...e, icon: 'must be a PNG image' }));
    if (file.size > ICON_MAX_BYTES)
      return setErrors((e) => ({ ...e, icon: `must be at most ${ICON_MAX_BYTES / 1024} KB; this one is ${Math.ceil(file.size / 1024)} KB` }));
    const reader = new FileReader();
    reader.onload = () => {
      const dataUrl = String(reader.result);
      const problem = iconProblem(dataUrl);
      setErrors((e) => ({ ...e, icon: problem ?? '' }));
      if (!problem) set('icon', dataUrl);
    };
    reader.readAsDataURL(file);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    await submit(brandingInput, inputOf(form), async (data) => onSaved(await brandingCalls.save(data)));
  }

  const problems = Object.values(shown);
  return (
    <form onSubmit={save} noValidate className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <div className="min-w-0 space-y-5">
        {problems.length > 0 && (
          <div role="alert" className="rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800 dark:bg-rose-500/10 dark:text-rose-300">
            <p className="font-semibold">Please fix {problems.length === 1 ? 'this' : `these ${problems.length} things`} before saving:</p>
            <ul className="mt-1 list-disc pl-5">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
        {formError && problems.length === 0 && (
          <p role="alert" className="rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800 dark:bg-rose-500/10 dark:text-rose-300">
            {formError}
          </p>
        )}
        <Section
          title="Name and app"
          text="Your name is in every page title, the header, e-mails and the installed app; the short name sits under the app's icon."
        >
          <TextField
            id={`${id}-name`}
            label="Name"
            required
            value={form.name}
            error={shown.name}
            disabled={!canEdit}
            onChange={(e) => set('name', e.target.value)}
          />
          <TextField
            id={`${id}-short`}
            label="Short name"
            required
            maxLength={12}
            value={form.shortName}
            error={shown.shortName}
            disabled={!canEdit}
            onChange={(e) => set('shortName', e.target.value)}
          />
          <div className="sm:col-span-2">
            <p className="text-sm font-medium text-slate-900 dark:text-white">App icon</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              A square PNG, 192 to 1024 pixels wide, at most {ICON_MAX_BYTES / 1024} KB. Without one, the first letter of your name on your brand colour.
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              {form.icon && <img src={form.icon} alt="Your app icon" className="size-12 rounded-xl ring-1 ring-slate-200 dark:ring-slate-700" />}
              {canEdit && (
                <label className={`${smallButton} cursor-pointer focus-within:outline-2 focus-within:outline-brand`}>
                  <ImageUp className="size-4" aria-hidden="true" />
                  {form.icon ? 'Replace the icon' : 'Upload an icon'}
                  <input
                    type="file"
                    accept="image/png"
                    className="sr-only"
                    onChange={pickIcon}
                    aria-describedby={shown.icon ? `${id}-icon-error` : undefined}
                  />
                </label>
              )}
              {canEdit && form.icon && (
                <button type="button" className={smallButton} onClick={() => set('icon', null)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Remove the icon
                </button>
              )}
            </div>
            {shown.icon && (
              <p id={`${id}-icon-error`} className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">
                {shown.icon}
              </p>
            )}
          </div>
        </Section>

        <Section
          title="Colours"
          text="Buttons, the header's mark, the landing page's band and headline, and the installed app's bar. The text on them must be easy to read: a contrast of at least 4.5:1."
        >
          <ColourField
            id={`${id}-brand`}
            label="Brand colour"
            value={form.colours.brandColour}
            error={shown['colours.brandColour']}
            disabled={!canEdit}
            onChange={(v) => setIn('colours', { brandColour: v })}
          />
          <SelectField
            id={`${id}-ink`}
            label="Text on the brand colour"
            options={inkOptions}
            value={form.colours.textOnBrand}
            error={shown['colours.textOnBrand']}
            disabled={!canEdit}
            onChange={(e) => setIn('colours', { textOnBrand: e.target.value as 'white' | 'dark' })}
          />
          <ColourField
            id={`${id}-brand-dark`}
            label="Brand colour in dark mode"
            value={form.colours.brandColourDark}
            error={shown['colours.brandColourDark']}
            disabled={!canEdit}
            onChange={(v) => setIn('colours', { brandColourDark: v })}
          />
          <ColourField
            id={`${id}-background`}
            label="Background colour"
            value={form.colours.backgroundColour}
            error={shown['colours.backgroundColour']}
            disabled={!canEdit}
            onChange={(v) => setIn('colours', { backgroundColour: v })}
          />
        </Section>

        <Section
          title="Support"
          text="Where learners and parents reach you: the chat button opens WhatsApp; without a number, it writes to your support e-mail."
        >
          <TextField label="WhatsApp number" inputMode="numeric" placeholder="447700900123" {...text('support', 'whatsappNumber')} />
          <TextField label="Phone number" type="tel" {...text('support', 'phoneNumber')} />
          <TextField label="Support e-mail" type="email" className="sm:col-span-2" {...text('support', 'supportEmail')} />
        </Section>

        <Section title="Landing page" text="The words of your home page. Boards and subjects take one a line.">
          <TextField label="Tagline" placeholder="Cambridge IGCSE · A Level" {...text('landing', 'tagline')} />
          <TextField label="Headline" required {...text('landing', 'headline')} />
          <TextField label="Highlighted words" className="sm:col-span-2" {...text('landing', 'headlineHighlight')} />
          <TextAreaField label="Introduction" required rows={3} className="sm:col-span-2" {...text('landing', 'lead')} />
          <TextAreaField label="Boards" rows={4} {...text('landing', 'boards')} error={listError('boards')} />
          <TextAreaField label="Subjects" rows={4} {...text('landing', 'subjects')} error={listError('subjects')} />
          <div className="space-y-3 sm:col-span-2">
            <p className="text-sm font-medium text-slate-900 dark:text-white">Testimonials</p>
            {form.landing.testimonials.length === 0 && (
              <p className="text-sm text-slate-500 dark:text-slate-400">None yet: the landing page shows no testimonials.</p>
            )}
            {form.landing.testimonials.map((t, i) => (
              <fieldset key={i} className="grid gap-3 rounded-xl p-3 ring-1 ring-slate-200 sm:grid-cols-2 dark:ring-slate-700">
                <legend className="px-1 text-xs font-semibold text-slate-500 dark:text-slate-400">Testimonial {i + 1}</legend>
                <TextAreaField
                  id={`${id}-quote-${i}`}
                  label="Quote"
                  required
                  rows={2}
                  className="sm:col-span-2"
                  value={t.quote}
                  error={shown[`landing.testimonials.${i}.quote`]}
                  disabled={!canEdit}
                  onChange={(e) => setTestimonial(i, { quote: e.target.value })}
                />
                <TextField
                  id={`${id}-author-${i}`}
                  label="Who said it"
                  required
                  value={t.author}
                  error={shown[`landing.testimonials.${i}.author`]}
                  disabled={!canEdit}
                  onChange={(e) => setTestimonial(i, { author: e.target.value })}
                />
                <TextField
                  id={`${id}-detail-${i}`}
                  label="About them"
                  placeholder="Parent, London"
                  value={t.detail}
                  error={shown[`landing.testimonials.${i}.detail`]}
                  disabled={!canEdit}
                  onChange={(e) => setTestimonial(i, { detail: e.target.value })}
                />
                {canEdit && (
                  <button
                    type="button"
                    className={`${smallButton} w-fit`}
                    onClick={() => setIn('landing', { testimonials: form.landing.testimonials.filter((_, j) => j !== i) })}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    Remove testimonial {i + 1}
                  </button>
                )}
              </fieldset>
            ))}
            {canEdit && form.landing.testimonials.length < MAX_TESTIMONIALS && (
              <button
                type="button"
                className={smallButton}
                onClick={() => setIn('landing', { testimonials: [...form.landing.testimonials, { ...EMPTY_TESTIMONIAL }] })}
              >
                <Plus className="size-4" aria-hidden="true" />
                Add a testimonial
              </button>
            )}
          </div>
        </Section>

        <Section title="E-mail" text="Every e-mail goes out under this name, from the site's own address.">
          <TextField label="Sender name" required {...text('email', 'senderName')} />
        </Section>

        {canEdit ? (
          <div className="flex justify-end">
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? <Spinner className="size-4" /> : <Save className="size-4" aria-hidden="true" />}
              Save branding
            </button>
          </div>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">Your role may see the branding but not change it.</p>
        )}
      </div>
      <aside className="lg:sticky lg:top-24">
        <h2 className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">Preview</h2>
        <BrandingPreview form={form} iconSrc={form.icon} />
      </aside>
    </form>
  );
}
