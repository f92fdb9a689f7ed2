/**
 * Whether the inbox's owner works the team inbox (an admin holding `adminCourseChat: view`), decided by the Worker on
 * each connect and handed to the inbox object beside the identity, which only the Worker can set.
 */
export const INBOX_TEAM_HEADER = 'x-studyhall-inbox-team';

export const readInboxTeam = (request: Request) => request.headers.get(INBOX_TEAM_HEADER) === '1';
