import { GraduationCap } from 'lucide-react';
import { contrastRatio, HEX_COLOUR, MIN_CONTRAST, ratioWords, TEXT_ON_BRAND } from '../../../schema/contracts/contrast';
import type { BrandingForm } from './branding-form';

/** The colour as typed, or a neutral grey while it is not a colour yet, so the preview never breaks mid-word. */
const shown = (colour: string) => (HEX_COLOUR.test(colour.trim()) ? colour.trim() : '#94A3B8');

/** How the tenant will look with what is typed now: its swatches, the header, a button and the landing page's band. */
export default function BrandingPreview({ form, iconSrc }: { form: BrandingForm; iconSrc: string | null }) {
  const brand = shown(form.colours.brandColour);
  const dark = shown(form.colours.brandColourDark);
  const ink = TEXT_ON_BRAND[form.colours.textOnBrand];
  const ratio = contrastRatio(brand, ink);
  return (
    <div aria-label="Preview" role="group" className="space-y-4" data-testid="branding-preview">
      <div className="flex flex-wrap gap-3">
        <Swatch colour={brand} label="Brand colour" />
        <Swatch colour={dark} label="In dark mode" />
        <Swatch colour={shown(form.colours.backgroundColour)} label="App background" />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {form.colours.textOnBrand === 'white' ? 'White' : 'Dark'} text on the brand colour: contrast {ratioWords(ratio)}
        {ratio >= MIN_CONTRAST ? ', easy to read.' : `, below the ${MIN_CONTRAST}:1 it needs.`}
      </p>
      <div className="overflow-hidden rounded-2xl ring-1 ring-slate-200 dark:ring-slate-700">
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-950">
          <span className="flex min-w-0 items-center gap-2">
            {iconSrc ? (
              <img src={iconSrc} alt="" className="size-8 shrink-0 rounded-lg" />
            ) : (
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg" style={{ background: brand, color: ink }}>
                <GraduationCap className="size-4" aria-hidden="true" />
              </span>
            )}
            <span className="truncate font-bold text-slate-900 dark:text-white">{form.name || 'Your name'}</span>
          </span>
          <span className="shrink-0 rounded-full px-4 py-1.5 text-sm font-semibold" style={{ background: brand, color: ink }}>
            Sign in
          </span>
        </div>
        <div className="bg-white px-4 py-5 dark:bg-slate-950">
          {form.landing.tagline && <p className="text-xs font-semibold text-slate-500 dark:text-slate-400">{form.landing.tagline}</p>}
          <p className="mt-1 text-xl font-extrabold text-slate-900 dark:text-white">
            {form.landing.headline}{' '}
            {form.landing.headlineHighlight && <span style={{ color: `color-mix(in oklab, ${brand} 75%, black)` }}>{form.landing.headlineHighlight}</span>}
          </p>
        </div>
        <div className="px-4 py-5" style={{ background: brand, color: ink }}>
          <p className="font-bold">Your first class is on us</p>
          <p className="mt-1 text-sm opacity-85">The landing page's closing band, in the brand colour.</p>
        </div>
      </div>
    </div>
  );
}

function Swatch({ colour, label }: { colour: string; label: string }) {
  return (
    <span className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
      <span className="size-8 rounded-lg ring-1 ring-slate-900/10 dark:ring-white/20" style={{ background: colour }} aria-hidden="true" />
      {label} <span className="font-mono text-xs text-slate-500 dark:text-slate-400">{colour}</span>
    </span>
  );
}
