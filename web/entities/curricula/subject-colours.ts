/**
 * The spec's subject colour palette (spec 3, section 9). Each subject has a hex accent plus full Tailwind class
 * strings (Tailwind only generates classes it can find written out whole in the source).
 */
export const PALETTE_SUBJECTS = [
  'Mathematics',
  'Biology',
  'Chemistry',
  'Physics',
  'Coordinated Science',
  'Economics',
  'Business Studies',
  'English Language',
  'English Literature',
  'Additional Mathematics',
  'Computer Science',
  'Combined Science',
  'Science',
  'Chinese',
  'Other',
] as const;

export type PaletteSubject = (typeof PALETTE_SUBJECTS)[number];

export interface SubjectColour {
  hex: string;
  /** Icon tile: soft background with a strong foreground, in both themes. */
  tile: string;
  /** Card edge that lights up on hover and keyboard focus. */
  edge: string;
  /** Thin accent bar along the card top. */
  bar: string;
}

export const SUBJECT_COLOURS: Record<PaletteSubject, SubjectColour> = {
  Mathematics: {
    hex: '#2563EB',
    tile: 'bg-blue-50 text-blue-700 dark:bg-blue-400/15 dark:text-blue-300',
    edge: 'hover:border-blue-300 focus-visible:border-blue-400 dark:hover:border-blue-400/60',
    bar: 'bg-blue-500',
  },
  Biology: {
    hex: '#059669',
    tile: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300',
    edge: 'hover:border-emerald-300 focus-visible:border-emerald-400 dark:hover:border-emerald-400/60',
    bar: 'bg-emerald-500',
  },
  Chemistry: {
    hex: '#7C3AED',
    tile: 'bg-violet-50 text-violet-700 dark:bg-violet-400/15 dark:text-violet-300',
    edge: 'hover:border-violet-300 focus-visible:border-violet-400 dark:hover:border-violet-400/60',
    bar: 'bg-violet-500',
  },
  Physics: {
    hex: '#EA580C',
    tile: 'bg-orange-50 text-orange-700 dark:bg-orange-400/15 dark:text-orange-300',
    edge: 'hover:border-orange-300 focus-visible:border-orange-400 dark:hover:border-orange-400/60',
    bar: 'bg-orange-500',
  },
  'Coordinated Science': {
    hex: '#0891B2',
    tile: 'bg-cyan-50 text-cyan-700 dark:bg-cyan-400/15 dark:text-cyan-300',
    edge: 'hover:border-cyan-300 focus-visible:border-cyan-400 dark:hover:border-cyan-400/60',
    bar: 'bg-cyan-500',
  },
  Economics: {
    hex: '#D97706',
    tile: 'bg-amber-50 text-amber-700 dark:bg-amber-400/15 dark:text-amber-300',
    edge: 'hover:border-amber-300 focus-visible:border-amber-400 dark:hover:border-amber-400/60',
    bar: 'bg-amber-500',
  },
  'Business Studies': {
    hex: '#0284C7',
    tile: 'bg-sky-50 text-sky-700 dark:bg-sky-400/15 dark:text-sky-300',
    edge: 'hover:border-sky-300 focus-visible:border-sky-400 dark:hover:border-sky-400/60',
    bar: 'bg-sky-500',
  },
  'English Language': {
    hex: '#E11D48',
    tile: 'bg-rose-50 text-rose-700 dark:bg-rose-400/15 dark:text-rose-300',
    edge: 'hover:border-rose-300 focus-visible:border-rose-400 dark:hover:border-rose-400/60',
    bar: 'bg-rose-500',
  },
  'English Literature': {
    hex: '#DB2777',
    tile: 'bg-pink-50 text-pink-700 dark:bg-pink-400/15 dark:text-pink-300',
    edge: 'hover:border-pink-300 focus-visible:border-pink-400 dark:hover:border-pink-400/60',
    bar: 'bg-pink-500',
  },
  'Additional Mathematics': {
    hex: '#4F46E5',
    tile: 'bg-indigo-50 text-indigo-700 dark:bg-indigo-400/15 dark:text-indigo-300',
    edge: 'hover:border-indigo-300 focus-visible:border-indigo-400 dark:hover:border-indigo-400/60',
    bar: 'bg-indigo-500',
  },
  'Computer Science': {
    hex: '#C026D3',
    tile: 'bg-fuchsia-50 text-fuchsia-700 dark:bg-fuchsia-400/15 dark:text-fuchsia-300',
    edge: 'hover:border-fuchsia-300 focus-visible:border-fuchsia-400 dark:hover:border-fuchsia-400/60',
    bar: 'bg-fuchsia-500',
  },
  'Combined Science': {
    hex: '#0D9488',
    tile: 'bg-teal-50 text-teal-700 dark:bg-teal-400/15 dark:text-teal-300',
    edge: 'hover:border-teal-300 focus-visible:border-teal-400 dark:hover:border-teal-400/60',
    bar: 'bg-teal-500',
  },
  Science: {
    hex: '#65A30D',
    tile: 'bg-lime-50 text-lime-700 dark:bg-lime-400/15 dark:text-lime-300',
    edge: 'hover:border-lime-300 focus-visible:border-lime-400 dark:hover:border-lime-400/60',
    bar: 'bg-lime-500',
  },
  Chinese: {
    hex: '#DC2626',
    tile: 'bg-red-50 text-red-700 dark:bg-red-400/15 dark:text-red-300',
    edge: 'hover:border-red-300 focus-visible:border-red-400 dark:hover:border-red-400/60',
    bar: 'bg-red-500',
  },
  Other: {
    hex: '#64748B',
    tile: 'bg-slate-100 text-slate-700 dark:bg-slate-400/15 dark:text-slate-300',
    edge: 'hover:border-slate-300 focus-visible:border-slate-400 dark:hover:border-slate-400/60',
    bar: 'bg-slate-400',
  },
};

// Subjects arrive under their display name or a URL slug (spec 3, section 9: Mathematics is "maths"). Close
// relatives outside the palette borrow their nearest entry rather than falling to "Other".
const SLUG_ALIASES: Record<string, PaletteSubject> = {
  maths: 'Mathematics',
  math: 'Mathematics',
  'additional-maths': 'Additional Mathematics',
  'add-maths': 'Additional Mathematics',
  business: 'Business Studies',
  english: 'English Language',
  cs: 'Computer Science',
  computing: 'Computer Science',
  'further-mathematics': 'Additional Mathematics',
  'further-maths': 'Additional Mathematics',
  'further-pure-mathematics': 'Additional Mathematics',
};

const normalise = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');

const BY_KEY = new Map<string, PaletteSubject>(PALETTE_SUBJECTS.map((name) => [normalise(name), name]));

/** Maps a subject's name (or, failing that, its slug) onto the palette; anything unknown is "Other". */
export function paletteSubjectOf(subject: { subject: string; slug?: string }): PaletteSubject {
  const byName = BY_KEY.get(normalise(subject.subject));
  if (byName) return byName;
  const slug = subject.slug ? normalise(subject.slug) : '';
  return BY_KEY.get(slug) ?? SLUG_ALIASES[slug] ?? 'Other';
}
