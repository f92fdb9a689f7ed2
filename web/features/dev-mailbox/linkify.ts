export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Splits a plain-text mail into text and web addresses, so the page can render the addresses as links. */
export function linkify(text: string): TextPart[] {
  return text
    .split(URL_PATTERN)
    .filter((part) => part !== '')
    .map((part) => (/^https?:\/\//.test(part) ? { kind: 'link', href: part } : { kind: 'text', text: part }));
}
