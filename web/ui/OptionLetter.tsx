/**
 * "A.", "B.", … before a choice: the letter is part of the choice's accessible name, which an option that is only a
 * formula (KaTeX output) would otherwise lack.
 */
export default function OptionLetter({ index }: { index: number }) {
  return <span className="font-semibold text-slate-600 dark:text-slate-300">{String.fromCharCode(65 + index)}.</span>;
}
