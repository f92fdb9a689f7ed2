import type { PublicBranding } from '../../schema/contracts/branding';

export interface SupportLink {
  href: string;
  /** What the link does, for the bubble's name and the menu's row. */
  label: string;
  opensChat: boolean;
}

/**
 * The tenant's own support line: its WhatsApp chat, opened with "Hello" already typed (spec 1, section 2), else a mail
 * to its support address; null when it gave neither, and then no support link is shown.
 */
export function supportLink(branding: PublicBranding | null): SupportLink | null {
  const support = branding?.support;
  if (support?.whatsappNumber)
    return { href: `https://wa.me/${support.whatsappNumber}?text=${encodeURIComponent('Hello')}`, label: 'Message support on WhatsApp', opensChat: true };
  if (support?.supportEmail) return { href: `mailto:${support.supportEmail}`, label: 'E-mail support', opensChat: false };
  return null;
}
