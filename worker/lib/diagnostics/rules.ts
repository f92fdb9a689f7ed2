import type { DiagnosticAnswer, DiagnosticLevel, DiagnosticRecommendation, TopicScore } from '../../../schema/contracts/diagnostics';
import { percentOf } from '../../../schema/contracts/quiz';

/** Marks of one answer with its question's difficulty, as the rules weigh them. */
export type MarkedAnswer = DiagnosticAnswer & { difficulty: 'EASY' | 'MEDIUM' | 'HARD' };

export interface PlanChoice {
  _id: string;
  name: string;
  minutes: number;
}

/** A topic below this share of its marks "needs work"; at or above STRONG it is a strength. */
const WEAK = 50;
const STRONG = 75;
const HOURS: Record<DiagnosticLevel, number> = { Foundation: 20, Core: 10, Extended: 5 };
const MORE_HOURS: Record<number, number> = { 5: 10, 10: 20, 20: 20 };

/** Marks by topic, in the order the topics were first asked about. */
export function topicScores(answers: DiagnosticAnswer[]): TopicScore[] {
  const byTopic = new Map<string, TopicScore>();
  for (const a of answers) {
    const topic = byTopic.get(a.topicId) ?? { topicId: a.topicId, name: a.topicName, score: 0, maxScore: 0, percent: 0 };
    topic.score += a.score;
    topic.maxScore += a.maxMarks;
    byTopic.set(a.topicId, topic);
  }
  return [...byTopic.values()].map((t) => ({ ...t, percent: percentOf(t.score, t.maxScore) }));
}

const listed = (topics: TopicScore[]) => topics.map((t) => `${t.name} (${t.percent}%)`).join(', ');

/**
 * The level, the hours and the plan, from the marks alone: Extended needs 70% overall and half the marks of the
 * hard questions; under 40% the basics come first. Two or more weak topics add hours. The plan is the one whose
 * hours come closest to the advice (the smaller one on a tie, so nobody is sold more than advised).
 */
export function recommend(
  answers: MarkedAnswer[],
  course: { _id: string; title: string } | null,
  plans: PlanChoice[],
): { score: number; maxScore: number; topics: TopicScore[]; recommendation: DiagnosticRecommendation } {
  const score = answers.reduce((sum, a) => sum + a.score, 0);
  const maxScore = answers.reduce((sum, a) => sum + a.maxMarks, 0);
  const percent = percentOf(score, maxScore);
  const hard = answers.filter((a) => a.difficulty === 'HARD');
  const hardPercent = percentOf(
    hard.reduce((sum, a) => sum + a.score, 0),
    hard.reduce((sum, a) => sum + a.maxMarks, 0),
  );
  const topics = topicScores(answers);
  const weak = topics.filter((t) => t.percent < WEAK);
  const strong = topics.filter((t) => t.percent >= STRONG);
  const level: DiagnosticLevel = percent >= 70 && (hard.length === 0 || hardPercent >= 50) ? 'Extended' : percent >= 40 ? 'Core' : 'Foundation';
  const hours = weak.length >= 2 && level !== 'Foundation' ? MORE_HOURS[HOURS[level]]! : HOURS[level];

  const reasons = [`Scored ${score} of ${maxScore} (${percent}%) overall.`];
  if (level === 'Extended') reasons.push(`Strong on the harder questions too (${hardPercent}%), so the Extended level fits.`);
  else if (level === 'Core')
    reasons.push(
      percent >= 70
        ? `The harder questions (${hardPercent}%) need more work before the Extended level, so Core fits for now.`
        : 'Between 40% and 70% overall, so the Core level fits for now.',
    );
  else reasons.push('Under 40% overall, so the basics come first at the Foundation level, before Core.');
  if (strong.length) reasons.push(`Strongest: ${listed(strong)}.`);
  if (weak.length) reasons.push(`Needs work: ${listed(weak)}.`);
  reasons.push(
    weak.length
      ? `${hours} hours of lessons to work on ${weak.length === 1 ? 'that topic' : 'those topics'}${weak.length >= 2 && level !== 'Foundation' ? ', more than the level alone would need' : ''}.`
      : `${hours} hours of lessons to keep the level up and move on through the syllabus.`,
  );
  if (course) reasons.push(`Lessons on the course “${course.title}”.`);

  const target = hours * 60;
  const plan = [...plans].sort((a, b) => Math.abs(a.minutes - target) - Math.abs(b.minutes - target) || a.minutes - b.minutes)[0] ?? null;
  return {
    score,
    maxScore,
    topics,
    recommendation: { level, course, plan: plan && { _id: plan._id, name: plan.name, minutes: plan.minutes }, hours, reasons },
  };
}
