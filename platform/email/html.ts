const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string | number) => String(value).replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/**
 * A mail body with every interpolated value HTML-escaped, so a name or title can never become markup. Small on
 * purpose: the Durable Objects send mail too, and they need no web framework for it.
 */
export const html = (strings: TemplateStringsArray, ...values: (string | number)[]) =>
  strings.reduce((body, text, index) => body + escapeHtml(values[index - 1]!) + text);
