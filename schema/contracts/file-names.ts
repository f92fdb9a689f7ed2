/**
 * File-name cleaning of spec 1 section 5: special characters removed, non-ASCII characters dropped, a timestamp
 * appended. Zod-free and pure, so uploads of every kind (avatars, resources, homework) share it on both sides.
 */

const MAX_BASE_LENGTH = 80;
const MAX_EXTENSION_LENGTH = 10;

/** Accented letters keep their base letter (é → e) before the remaining non-ASCII characters are dropped. */
function asciiOnly(text: string) {
  return text.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');
}

function splitExtension(name: string): [base: string, extension: string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return [name, ''];
  return [name.slice(0, dot), name.slice(dot + 1)];
}

/**
 * `Mé photo (1).PNG` at 1700000000000 → `Me-photo-1-1700000000000.png`. Only letters, digits, hyphens and
 * underscores survive; runs of anything else become one hyphen. A name with nothing left becomes `file`.
 */
export function cleanFileName(original: string, timestamp: number = Date.now()): string {
  const withoutPath = original.split(/[\\/]/).pop() ?? '';
  // Split first, so a name made only of dropped characters still keeps its extension.
  const [rawBase, rawExtension] = splitExtension(withoutPath.trim());
  const base =
    asciiOnly(rawBase)
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-_]+|[-_]+$/g, '')
      .slice(0, MAX_BASE_LENGTH)
      .replace(/[-_]+$/, '') || 'file';
  const extension = asciiOnly(rawExtension)
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()
    .slice(0, MAX_EXTENSION_LENGTH);
  return `${base}-${Math.trunc(timestamp)}${extension ? `.${extension}` : ''}`;
}

/** A stored name is exactly what cleanFileName produces, so a path segment that is not one is refused outright. */
export function isCleanFileName(name: string) {
  return /^[A-Za-z0-9_-]{1,80}-\d{1,16}(\.[a-z0-9]{1,10})?$/.test(name);
}
