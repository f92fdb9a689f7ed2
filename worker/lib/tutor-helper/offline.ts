import { scoreBand } from '../../../schema/contracts/quiz';
import { offlineEssayDraft } from './essay-draft';
import { markAgainstScheme } from './marking';
import type { AttemptSummary, DiagnosticSummary, HelperQuestion, TutorHelper } from './types';

/** Bumped whenever the offline marking rules change, so a stored mark says which rules gave it. */
export const OFFLINE_VERSION = 'offline-1';

const correctOptionText = (q: HelperQuestion) => q.options.find((o) => o._id === q.correctOptionId)?.text ?? '';

/** The model answer for "get answer": the stored answer, or for multiple choice the correct option. */
export const modelAnswer = (q: HelperQuestion) => q.answer || correctOptionText(q);

/** Works with no network: everything comes from the question's own hint, explanation and mark scheme. */
export const offlineHelper: TutorHelper = {
  source: 'offline',
  async hint(q) {
    const text =
      q.hint ||
      (q.markScheme[0] ? `Think about this: ${q.markScheme[0].point}.` : 'Re-read the question and write down what you are given and what you need to find.');
    return { text, source: 'offline', version: OFFLINE_VERSION };
  },
  async explanation(q) {
    const answer = modelAnswer(q);
    const text = [q.explanation, answer && !q.explanation.includes(answer) ? `Answer: ${answer}` : ''].filter(Boolean).join('\n\n');
    return { text: text || 'No worked explanation is stored for this question yet.', source: 'offline', version: OFFLINE_VERSION };
  },
  async feedback(attempt: AttemptSummary) {
    return { text: offlineFeedback(attempt), source: 'offline', version: OFFLINE_VERSION };
  },
  async markOpenAnswer(q, answer) {
    const { score, reasons } = markAgainstScheme(q.markScheme, q.maxMarks, answer);
    return { score, reasons, rubric: q.markScheme, source: 'offline', version: OFFLINE_VERSION };
  },
  async diagnosticAdvice(summary) {
    return { text: offlineAdvice(summary), source: 'offline', version: OFFLINE_VERSION };
  },
  async draftEssay(context) {
    return { draft: offlineEssayDraft(context), source: 'offline', version: OFFLINE_VERSION };
  },
};

/** What to do first, from the weakest topic; the rules' reasons are shown beside it, so they are not repeated. */
function offlineAdvice({ topics, level, hours }: DiagnosticSummary) {
  const weakest = [...topics].sort((a, b) => a.percent - b.percent)[0];
  if (!weakest || weakest.percent === 100)
    return `Every topic went well. Keep practising with a harder quiz each week; ${hours} hours of lessons at the ${level} level will move on through the syllabus.`;
  return `Start with ${weakest.name}, the weakest topic (${weakest.percent}%): read its notes, then try its practice quiz. The first lessons at the ${level} level will begin there too.`;
}
function offlineFeedback({ score, maxScore, items }: AttemptSummary) {
  const percent = maxScore > 0 ? Math.round((score / maxScore) * 100) : 0;
  const skipped = items.filter((i) => i.status === 'SKIPPED').length;
  const unanswered = items.filter((i) => i.status === 'UNANSWERED').length;
  const missed = items.filter((i) => i.status === 'ANSWERED' && i.score < i.maxMarks).length;
  const lines = [`You scored ${score} out of ${maxScore} (${percent}%): ${scoreBand(percent)}.`];
  if (missed) lines.push(`${missed} answer${missed === 1 ? '' : 's'} lost marks: read the reasons under each one and try it again.`);
  if (skipped)
    lines.push(`You revealed the answer to ${skipped} question${skipped === 1 ? '' : 's'}: try ${skipped === 1 ? 'it' : 'them'} again without help tomorrow.`);
  if (unanswered) lines.push(`${unanswered} question${unanswered === 1 ? ' was' : 's were'} left unanswered.`);
  if (percent >= 90) lines.push('Excellent work: move on to a harder sub topic.');
  else if (percent < 60) lines.push('Revise this sub topic’s notes and worked examples, then take the quiz again.');
  return lines.join(' ');
}
