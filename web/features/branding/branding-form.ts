import type { Branding, BrandingInput } from '../../../schema/contracts/branding';
import { fieldLabel } from '../../../schema/contracts/messages';

/** The form keeps lists as one item a line, so a board or subject is added by typing a line. */
export type BrandingForm = Omit<Branding, 'landing'> & {
  landing: Omit<Branding['landing'], 'boards' | 'subjects'> & { boards: string; subjects: string };
};

export const formOf = (branding: Branding): BrandingForm => ({
  ...branding,
  landing: { ...branding.landing, boards: branding.landing.boards.join('\n'), subjects: branding.landing.subjects.join('\n') },
});

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export const inputOf = (form: BrandingForm): BrandingInput => ({
  ...form,
  landing: { ...form.landing, boards: lines(form.landing.boards), subjects: lines(form.landing.subjects) },
});

/** "landing.boards.2" names the line the person typed: "Board on line 3"; other fields as the server names them. */
export function brandingFieldLabel(path: string) {
  const list = /^landing\.(boards|subjects)\.(\d+)$/.exec(path);
  if (list) return `${list[1] === 'boards' ? 'Board' : 'Subject'} on line ${Number(list[2]) + 1}`;
  return fieldLabel(path);
}

export const EMPTY_TESTIMONIAL = { quote: '', author: '', detail: '' };
