/**
 * A mark scheme written as lines in a spreadsheet cell, one point a line: `point | marks | keyword, keyword`. Marks
 * default to 1 and keywords to none; blank lines are skipped. The question bank's CSV and the past-paper catalogue
 * read it the same way, and the API checks the result with its own schema.
 */
export function markSchemeLines(text: string) {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [point = '', marks = '', keywords = ''] = line.split('|').map((part) => part.trim());
      return {
        point,
        marks: Number(marks || '1'),
        keywords: keywords
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
      };
    });
}

/** A number cell: blank is "not given", anything else is read as a number (the schema refuses what is not one). */
export const numberCell = (cell: string) => (cell.trim() === '' ? undefined : Number(cell));
