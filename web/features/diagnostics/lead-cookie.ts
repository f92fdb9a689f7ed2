import { BASENAME } from '../../lib/paths';

export const LEAD_COOKIE = 'studyhall_lead';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Spec 3 §4: when the returned user has given their details and carries an id, that id is saved in a cookie and the
 * page reloads, here onto the result. The id is the visitor's own, under which their result is kept.
 */
export function rememberLeadAndReload(userId: string, resultPath: string) {
  document.cookie = `${LEAD_COOKIE}=${encodeURIComponent(userId)}; path=${BASENAME}; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
  window.location.assign(`${BASENAME}${resultPath}`);
}
