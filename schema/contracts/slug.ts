/**
 * URL slugs for curricula, subjects, topics and sub topics (spec 3, section 2). Zod-free and tiny, so the server,
 * the seed and the entry chunk of the web app share one rule.
 */

/** Lowercase, trimmed; slashes, spaces and any other run of non-alphanumerics become one hyphen. */
export const slugify = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Subject slugs use the short forms people type: "Mathematics" is `maths` wherever it appears in a name
 * ("Further Mathematics" is `further-maths`). Every other word keeps its full spelling.
 */
export const subjectSlug = (name: string) => slugify(name.replace(/\bmathematics\b/gi, 'maths'));
