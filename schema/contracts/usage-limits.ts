import type { UsageKind, UsageResponse } from './quiz';

/** The reset day is a UTC date (usage is counted per UTC month), written the same on every device. */
const resetDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const USAGE_NOUNS: Record<UsageKind, string> = { slideViews: 'slide views', quizAttempts: 'quiz attempts', videoWatches: 'video watches' };

/** Why a learner at a limit is refused and what to do; the server's refusal and the content page say the same. */
export function usageLimitText(kind: UsageKind, limit: number, isGuest: boolean, now = new Date()) {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const what = isGuest ? 'Create a free account to keep practising.' : `Upgrade your plan, or wait until ${resetDay.format(next)} when it resets.`;
  return `You have used all ${limit} ${USAGE_NOUNS[kind]} in your plan this month. ${what}`;
}

/** Whether the learner has none of this kind left this month. */
export const atLimit = (usage: Pick<UsageResponse, 'used' | 'limits'>, kind: UsageKind) => {
  const limit = usage.limits[kind];
  return limit !== null && usage.used[kind] >= limit;
};
