import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signIn } from './demo';
import { expect, test } from './test';

/**
 * Issue 34: axe (WCAG 2.1 A and AA) over the pages the journeys visit, as the role that visits them, with no serious
 * or critical finding. One test per role, so a finding names the role and the page.
 */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const PAGES: Record<string, { email: string | null; paths: string[] }> = {
  guest: {
    email: null,
    paths: [
      '',
      'login',
      'sign-up',
      'forgot-password',
      'diagnostics',
      'diagnostics/take/diagnostic_test_studyhall_igcse_maths',
      'cambridge-igcse',
      'cambridge-igcse/maths',
      'cambridge-igcse/maths/trigonometry/right-angled-trigonometry',
      'topical-past-papers',
      'subscriptions',
      'dev/mailbox',
      'no-such-page',
    ],
  },
  student: {
    email: 'student@studyhall.test',
    paths: [
      'portal',
      'dashboard',
      'dashboard/progress',
      'portal/courses',
      'portal/courses/course_igcse_maths_theo',
      'portal/schedule',
      'portal/billing',
      'portal/invoices',
      'portal/profile',
      'portal/notifications',
      'portal/messages',
      'quizzes',
      'quizzes/quiz_studyhall_linear_equations_a',
      'quick-check/sub_topic_studyhall_percentages',
      'waiting-room/section_maths_lesson_1',
      'lesson-room/section_maths_lesson_1',
    ],
  },
  parent: {
    email: 'parent@studyhall.test',
    paths: ['portal', 'dashboard', 'dashboard/progress', 'manage-accounts', 'portal/invoices', 'portal/billing'],
  },
  tutor: {
    email: 'tutor@studyhall.test',
    paths: [
      'portal',
      'portal/courses',
      'portal/schedule',
      'portal/availability',
      'portal/my-pay',
      'portal/trials',
      'portal/essay-answers',
      'dashboard/progress',
    ],
  },
  admin: {
    email: 'admin@studyhall.test',
    paths: [
      'portal',
      'portal/admin/users',
      'portal/admin/users/user_student',
      'portal/admin/roles',
      'portal/admin/content',
      'portal/admin/pricing',
      'portal/admin/lesson-history',
      'portal/admin/pay-runs',
      'portal/admin/invoices',
      'portal/admin/payment-history',
      'portal/admin/transaction-logs',
      'portal/admin/inbox',
      'portal/admin/audit-log',
      'portal/admin/branding',
      'portal/admin/callback-requests',
      'portal/admin/meetings',
      'portal/admin/trials',
      'portal/admin/past-papers',
      'portal/admin/course-templates',
      'portal/admin/call-logs',
      'portal/admin/lesson-feedbacks',
      'portal/admin/tutor-sorting',
      'portal/admin/meeting-requests',
      'portal/admin/penalty-waivers',
      'portal/admin/cancellation-policy',
      'portal/admin/diagnostic-tests',
    ],
  },
};

/** The serious and critical findings on the page as it settles, one line each: rule, what it says, where. */
async function findings(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 10_000 });
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.help}): ${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.any[0]?.message ?? ''}`));
}

for (const [role, { email, paths }] of Object.entries(PAGES)) {
  test(`the ${role}'s pages have no serious or critical accessibility finding`, async ({ page }) => {
    test.setTimeout(30_000 + paths.length * 15_000);
    if (email) await signIn(page, email);
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(`/learning-portal/${path}`);
      for (const line of await findings(page)) found.push(`/${path} ${line}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
