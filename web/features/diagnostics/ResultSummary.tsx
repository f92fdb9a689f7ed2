import type { DiagnosticDoc } from '../../../schema/contracts/diagnostics';
import { formatDuration } from '../../../schema/contracts/durations';
import HelperBadge from '../../entities/quiz/HelperBadge';
import { cardClass } from '../../ui/classes';

const barColour = (percent: number) => (percent >= 75 ? 'bg-emerald-500' : percent >= 50 ? 'bg-amber-500' : 'bg-rose-500');

/** The score, the marks by topic, and the recommendation with its reasons and the helper's words. */
export function ResultSummary({ doc }: { doc: DiagnosticDoc }) {
  const r = doc.recommendation;
  return (
    <div className="space-y-6">
      <div className={`p-5 sm:p-6 ${cardClass}`}>
        <p className="text-4xl font-bold text-slate-900 tabular-nums dark:text-white">{doc.percent}%</p>
        <p className="text-slate-600 dark:text-slate-400">
          {doc.score} of {doc.maxScore} marks
        </p>
        <h2 className="mt-5 text-base font-semibold text-slate-900 dark:text-white">By topic</h2>
        <ul className="mt-3 space-y-3">
          {doc.topics.map((topic) => (
            <li key={topic.topicId}>
              <div className="flex justify-between gap-3 text-sm">
                <span className="text-slate-800 dark:text-slate-200">{topic.name}</span>
                <span className="text-slate-600 tabular-nums dark:text-slate-400">
                  {topic.score} of {topic.maxScore}
                </span>
              </div>
              <div
                className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
                role="meter"
                aria-label={topic.name}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={topic.percent}
              >
                <div className={`h-full ${barColour(topic.percent)}`} style={{ width: `${topic.percent}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </div>

      <div className={`p-5 sm:p-6 ${cardClass}`} data-testid="recommendation">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">What we recommend</h2>
        <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-500 dark:text-slate-400">Level</dt>
            <dd className="text-lg font-semibold text-slate-900 dark:text-white">{r.level}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500 dark:text-slate-400">Lessons</dt>
            <dd className="text-lg font-semibold text-slate-900 dark:text-white">{r.plan ? r.plan.name : formatDuration(r.hours * 60)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500 dark:text-slate-400">Course</dt>
            <dd className="text-lg font-semibold text-slate-900 dark:text-white">{r.course ? r.course.title : 'Our team will suggest one'}</dd>
          </div>
        </dl>
        <h3 className="mt-5 text-sm font-semibold text-slate-900 dark:text-white">Why</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
          {r.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        <div className="mt-5 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
          <p className="flex items-center text-sm font-semibold text-slate-900 dark:text-white">
            Advice
            <HelperBadge source={doc.helper.source} />
          </p>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{doc.helper.text}</p>
          {doc.helper.source === 'offline' && (
            <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">The AI helper is offline here, so this advice comes from the rules above.</p>
          )}
        </div>
      </div>
    </div>
  );
}
