import type { AiMarking } from '../../../schema/contracts/quiz';
import MathText from '../../ui/math/MathText';
import HelperBadge from './HelperBadge';

/**
 * An answer marked outside an attempt: the mark, the helper's reasons, and the mark scheme it was marked against, so
 * the reader can see why. The keywords the offline helper looks for are for the question's authors only.
 */
export default function MarkingResult({ marking, showKeywords = false }: { marking: AiMarking; showKeywords?: boolean }) {
  return (
    <div data-testid="marking-result" className="mt-3 rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700">
      <p className="font-semibold text-slate-900 dark:text-white" role="status">
        This answer scores {marking.score} out of {marking.maxMarks}
        <HelperBadge source={marking.source} />
      </p>
      {marking.source === 'offline' && (
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          The offline helper marked this: it looks for the mark scheme’s keywords, so a right answer put in other words can miss a mark.
        </p>
      )}
      {marking.reasons.length > 0 && (
        <>
          <h4 className="mt-3 font-semibold text-slate-700 dark:text-slate-300">Why this mark</h4>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-800 dark:text-slate-100">
            {marking.reasons.map((r) => (
              <li key={r}>
                <MathText multiline text={r} />
              </li>
            ))}
          </ul>
        </>
      )}
      {marking.rubric.length > 0 && (
        <>
          <h4 className="mt-3 font-semibold text-slate-700 dark:text-slate-300">The mark scheme it was marked against</h4>
          <ul className="mt-1 space-y-1 text-slate-800 dark:text-slate-100">
            {marking.rubric.map((p) => (
              <li key={p._id} className="flex gap-2">
                <span className="shrink-0 font-medium text-slate-600 dark:text-slate-400">
                  {p.marks} {p.marks === 1 ? 'mark' : 'marks'}
                </span>
                <span className="min-w-0">
                  <MathText text={p.point} />
                  {showKeywords && p.keywords.length > 0 && (
                    <span className="block text-xs text-slate-500 dark:text-slate-400">Keywords: {p.keywords.join(', ')}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
