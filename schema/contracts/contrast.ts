/**
 * WCAG 2.x contrast between two colours, for the brand colours a tenant picks. Zod-free and tiny, so the branding
 * preview can say the same thing as the server while the admin types.
 */

/** The text a brand colour may carry: white, or the app's near-black (slate-950). */
export const TEXT_ON_BRAND = { white: '#FFFFFF', dark: '#020617' } as const;
export type TextOnBrand = keyof typeof TEXT_ON_BRAND;

/** The least contrast WCAG AA asks of normal-size text. */
export const MIN_CONTRAST = 4.5;

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

function channel(value: number) {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The relative luminance of a `#RRGGBB` colour. */
export function luminance(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The contrast ratio of two `#RRGGBB` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A ratio as people read it: 4.48 → "4.4:1" (rounded down, so a colour just short never reads as passing). */
export const ratioWords = (ratio: number) => `${Math.floor(ratio * 10) / 10}:1`;

/** The problem with `colour` carrying `text`, in words after the field's label, or null when it reads well. */
export function contrastProblem(colour: string, text: TextOnBrand): string | null {
  if (!HEX_COLOUR.test(colour)) return null;
  const ratio = contrastRatio(colour, TEXT_ON_BRAND[text]);
  if (ratio >= MIN_CONTRAST) return null;
  const words = text === 'white' ? 'white text' : 'dark text';
  return `has too little contrast with ${words}: ${ratioWords(ratio)}, and it needs at least ${MIN_CONTRAST}:1`;
}
