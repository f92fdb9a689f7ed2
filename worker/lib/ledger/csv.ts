/**
 * CSV as spreadsheets and bank uploads read it (RFC 4180): fields with a comma, quote or line break are quoted with
 * quotes doubled, lines end with CRLF. Text people typed (names, titles, reasons) that begins like a formula is
 * prefixed with an apostrophe, so a spreadsheet shows it instead of running it.
 */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const FORMULA_START = /^[=+\-@\t\r]/;

export const csvField = (value: string) => (NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export const csvLine = (fields: string[]) => `${fields.map(csvField).join(',')}\r\n`;

/** A cell of typed text, safe from formula injection. */
export const csvText = (value: string | null | undefined) => {
  const text = value ?? '';
  return FORMULA_START.test(text) ? `'${text}` : text;
};

/** The byte order mark Excel needs to read UTF-8 (names with accents) correctly. */
export const CSV_BOM = '\uFEFF';
