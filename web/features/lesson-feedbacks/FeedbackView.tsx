import { type LessonFeedback, starsText } from '../../../schema/contracts/lesson-feedbacks';

/** One feedback as its reader sees it: the stars (also said in words), the rewards and the comment. */
export default function FeedbackView({ feedback }: { feedback: LessonFeedback }) {
  return (
    <div className="space-y-1.5" data-testid="feedback">
      <p className="text-amber-500" aria-label={`${feedback.stars} of 5 stars`}>
        <span aria-hidden="true">{starsText(feedback.stars)}</span>
      </p>
      {feedback.rewards.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Rewards">
          {feedback.rewards.map((reward) => (
            <li key={reward.key} className="rounded-full bg-brand/15 px-2.5 py-0.5 text-sm font-medium text-slate-900 dark:text-white">
              <span aria-hidden="true">{reward.emoji}</span> {reward.label}
            </li>
          ))}
        </ul>
      )}
      {feedback.comment && <p className="text-sm whitespace-pre-wrap wrap-anywhere text-slate-800 dark:text-slate-200">{feedback.comment}</p>}
    </div>
  );
}
