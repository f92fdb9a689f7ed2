import { z } from 'zod';
import './messages';
import { contrastProblem, HEX_COLOUR } from './contrast';

/** The uploaded app icon's limits: a square PNG from 192 px (the smallest icon a manifest needs) up to 1024 px. */
export const ICON_MAX_BYTES = 200 * 1024;
export const ICON_MIN_SIDE = 192;
export const ICON_MAX_SIDE = 1024;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** The bytes of a PNG data URL, or null when it is none. */
export function pngBytes(dataUrl: string): Uint8Array | null {
  const base64 = PNG_DATA_URL.exec(dataUrl)?.[1];
  if (!base64) return null;
  try {
    return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Width and height from a PNG's header chunk, or null when the bytes are not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || PNG_SIGNATURE.some((byte, i) => bytes[i] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** What is wrong with an uploaded icon, in words after its label, or null when it will do. */
export function iconProblem(dataUrl: string): string | null {
  const bytes = pngBytes(dataUrl);
  const size = bytes && pngSize(bytes);
  if (!bytes || !size) return 'must be a PNG image';
  if (bytes.length > ICON_MAX_BYTES) return `must be at most ${ICON_MAX_BYTES / 1024} KB; this one is ${Math.ceil(bytes.length / 1024)} KB`;
  if (size.width !== size.height) return `must be square; this one is ${size.width} × ${size.height} pixels`;
  if (size.width < ICON_MIN_SIDE || size.width > ICON_MAX_SIDE)
    return `must be between ${ICON_MIN_SIDE} and ${ICON_MAX_SIDE} pixels wide; this one is ${size.width} pixels`;
  return null;
}

const text = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `can be at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `can be at most ${max} characters`);
const hexColour = z
  .string({ error: 'is required' })
  .trim()
  .regex(HEX_COLOUR, 'must be a colour written as # and six hexadecimal digits, such as #4F46E5')
  .transform((value) => value.toUpperCase());

export const brandingColours = z
  .object({
    /** Buttons, the header's mark, the landing page's band and headline, the installed app's bar. */
    brandColour: hexColour,
    /** The same in dark mode, where it always carries dark text. */
    brandColourDark: hexColour,
    /** The text a button in the brand colour carries. */
    textOnBrand: z.enum(['white', 'dark'], { error: 'must be white or dark' }),
    /** The installed app's splash screen behind its icon. */
    backgroundColour: hexColour,
  })
  .superRefine((colours, ctx) => {
    const light = contrastProblem(colours.brandColour, colours.textOnBrand);
    if (light) ctx.addIssue({ code: 'custom', path: ['brandColour'], message: light });
    const dark = contrastProblem(colours.brandColourDark, 'dark');
    if (dark) ctx.addIssue({ code: 'custom', path: ['brandColourDark'], message: dark });
  });

export const brandingSupport = z.object({
  /** International form, digits only (the country code first): what wa.me links take. Empty: no chat button. */
  whatsappNumber: z
    .string()
    .trim()
    .regex(/^(\d{8,15})?$/, 'must be 8 to 15 digits with the country code first and no + or spaces, such as 447700900123'),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^(\+?[\d ()-]{6,24})?$/, 'must be a phone number of digits, spaces and dashes, such as +44 20 7946 0000'),
  supportEmail: z.union([z.literal(''), z.email('must be an e-mail address').max(254, 'can be at most 254 characters')]),
});

const testimonial = z.object({ quote: text(280), author: text(60), detail: optionalText(80) });

export const brandingLanding = z.object({
  /** The short line above the headline, e.g. the boards taught. */
  tagline: optionalText(60),
  headline: text(80),
  /** The words of the headline drawn in the brand colour, after the rest. */
  headlineHighlight: optionalText(60),
  lead: text(300),
  /** The exam boards or curricula the tenant teaches, as the landing page lists them. */
  boards: z.array(text(40)).max(12, 'can have at most 12 items'),
  subjects: z.array(text(40)).max(24, 'can have at most 24 items'),
  testimonials: z.array(testimonial).max(6, 'can have at most 6 items'),
});

export const brandingEmail = z.object({
  /** The name every mail is sent from, before the address. */
  senderName: text(60),
});

/** PUT /api/admin/branding and its answer: the tenant's name and everything of its look, words and contacts. */
export const brandingInput = z.object({
  /** The tenant's name: in every title, the header, mails and the installed app. */
  name: text(60),
  /** The installed app's name under its icon. */
  shortName: text(12),
  colours: brandingColours,
  /** A square PNG as a data URL, or null for the mark drawn from the name's first letter. */
  icon: z
    .string()
    .nullable()
    .superRefine((value, ctx) => {
      const problem = value === null ? null : iconProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  support: brandingSupport,
  landing: brandingLanding,
  email: brandingEmail,
});
export type BrandingInput = z.input<typeof brandingInput>;
export type Branding = z.output<typeof brandingInput>;
/** What the tenant row keeps: all of it but the name, which has its own column. */
export type StoredBranding = Omit<Branding, 'name'>;

/** The branding anyone may read (GET /api/tenant): the icon as an address instead of its bytes. */
export type PublicBranding = Omit<StoredBranding, 'icon'> & { iconUrl: string; hasOwnIcon: boolean };
