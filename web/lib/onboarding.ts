/** Roles with something to fill in before the portal is useful; the server agrees (worker/routes/onboarding.ts). */
export const ONBOARDING_ROLES = ['STUDENT', 'TUTOR'];

export const needsOnboarding = (user: { role: { name: string }; onboarded: boolean }) => ONBOARDING_ROLES.includes(user.role.name) && !user.onboarded;
