import DOMPurify from 'dompurify';

const URL_PATTERN = /\b((?:https?:\/\/|www\.)[^\s<]+[^\s<.,:;"')\]!?])/gi;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A chat message as HTML: its text escaped, web addresses made into links that open in a new tab, line breaks kept,
 * and the result sanitised, so nothing a sender types can run or restyle the page.
 */
export function messageHtml(text: string) {
  const linked = escapeHtml(text).replace(URL_PATTERN, (match) => {
    const href = match.startsWith('www.') ? `https://${match}` : match;
    return `<a href="${href}" target="_blank" rel="noopener noreferrer">${match}</a>`;
  });
  return DOMPurify.sanitize(linked.replace(/\n/g, '<br>'), { ALLOWED_TAGS: ['a', 'br'], ALLOWED_ATTR: ['href', 'target', 'rel'] });
}
