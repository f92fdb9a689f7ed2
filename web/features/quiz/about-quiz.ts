import { percentOf, type QuizAboutPage, type QuizDoc, scoreBand } from '../../../schema/contracts/quiz';
import { playerPath } from './quiz-api';

/** The about page's facts in the learner's words: how many questions, how many written, marks and time. */
export function quizFacts(about: QuizAboutPage): string[] {
  const { questionCount, openQuestions, maxScore, quiz } = about;
  const facts = [questionCount === 1 ? '1 question' : `${questionCount} questions`];
  if (openQuestions > 0) facts.push(openQuestions === 1 ? '1 to answer in writing' : `${openQuestions} to answer in writing`);
  facts.push(maxScore === 1 ? '1 mark' : `${maxScore} marks`);
  facts.push(quiz.timeLimitSeconds ? `${Math.round(quiz.timeLimitSeconds / 60)} minutes` : 'No time limit: you may set a timer when you start');
  return facts;
}

/** How hard the questions are, leaving out the levels the quiz does not ask. */
export function difficultyLine(difficulties: QuizAboutPage['difficulties']): string {
  const parts = (['EASY', 'MEDIUM', 'HARD'] as const).filter((d) => difficulties[d] > 0).map((d) => `${difficulties[d]} ${d.toLowerCase()}`);
  return parts.length ? parts.join(' · ') : 'No questions yet';
}

/** The learner's record on the quiz as one sentence. */
export function recordLine(about: QuizAboutPage): string {
  if (about.attempts === 0) return 'You have not tried this quiz yet.';
  const tries = about.attempts === 1 ? 'once' : `${about.attempts} times`;
  if (about.bestPercent === null) return `You have started this quiz ${tries} and not finished it yet.`;
  return `You have tried this quiz ${tries}. Your best finished score is ${about.bestPercent}% (${scoreBand(about.bestPercent)}).`;
}

type Attempt = { _id: string; status: 'IN_PROGRESS' | 'COMPLETED'; score: number | null; maxScore: number | null };

/** One attempt's result in words. */
export function attemptResult(a: Attempt): string {
  if (a.status === 'IN_PROGRESS') return 'Not finished yet';
  const percent = percentOf(a.score ?? 0, a.maxScore ?? 0);
  return `${a.score ?? 0} out of ${a.maxScore ?? 0} · ${percent}% · ${scoreBand(percent)}`;
}

/** Where one of the learner's attempts opens: the player, which shows a finished one as its results. */
export function attemptPath(quiz: QuizDoc, submissionId: string): string | null {
  if (!quiz.topic) return null;
  return playerPath({
    _id: submissionId,
    quiz: {
      _id: quiz._id,
      title: quiz.title,
      grade: quiz.grade,
      topic: { ...quiz.topic, curriculum: quiz.curriculum, subject: quiz.subject },
      subTopic: quiz.subTopic,
    },
  });
}

/** The main action: an attempt under way is resumed, so it is not started (and counted) a second time. */
export function startAction(about: QuizAboutPage): { label: string; to: string } {
  const resume = about.inProgressSubmissionId ? attemptPath(about.quiz, about.inProgressSubmissionId) : null;
  if (resume) return { label: 'Resume your attempt', to: resume };
  return { label: about.attempts > 0 ? 'Start a new attempt' : 'Start the quiz', to: `/startSubmission/${about.quiz._id}` };
}
