import type { APIRequestContext } from '@playwright/test';
import type { CancellationRules, PolicyWithVersions } from '../../schema/contracts/cancellation-policy';
import type { PenaltyWaiverRecord } from '../../schema/contracts/penalty-waivers';
import { adminHeaders, DEMO_PASSWORD, signIn } from './demo';
import { expect, test } from './test';

/** The seeded tutor's bearer header, to appeal as Theo would from his pay page. */
async function tutorHeaders(request: APIRequestContext) {
  const token = await request.post('/api/oauth/token', {
    form: { client_id: 'studyhall-web', grant_type: 'password', username: 'login:tutor@studyhall.test', password: DEMO_PASSWORD },
  });
  return { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
}

test('an admin takes a penalty from a tutor, the tutor appeals it, and the admin answers the appeal', async ({ page }) => {
  // Every run adds its own waiver, so its reason names the run.
  const reason = `Joined the lesson 20 minutes late (run ${Date.now()})`;
  await signIn(page, 'admin@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await page.goto('/learning-portal/portal/admin/penalty-waivers');
  await expect(page.getByRole('heading', { name: 'Penalty waivers', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New penalty waiver' }).click();
  const create = page.getByRole('dialog', { name: 'New penalty waiver' });
  await create.getByLabel('Tutor').selectOption({ label: 'Theo Tutor' });
  await create.getByLabel('Direction').selectOption('DEDUCTION');
  await create.getByLabel('Amount').fill('5.001');
  await create.getByLabel('Currency').selectOption('SGD');
  await create.getByRole('button', { name: 'Create penalty waiver' }).click();
  await expect(create.getByText('The amount can have at most 2 decimals in SGD.')).toBeVisible();
  await create.getByLabel('Amount').fill('5');
  await create.getByLabel('Reason (optional)').fill(reason);
  await create.getByRole('button', { name: 'Create penalty waiver' }).click();
  await expect(page.getByText('Penalty waiver created!')).toBeVisible();
  const entry = page.getByTestId('ledger-entry').filter({ hasText: reason });
  await expect(entry).toContainText("SGD 5.00 taken from Theo Tutor's pay.");

  const theo = await tutorHeaders(page.request);
  const mine = await page.request.get('/api/penalty-waivers', { headers: theo, params: { limit: 100 } });
  const waiver = ((await mine.json()) as { docs: PenaltyWaiverRecord[] }).docs.find((doc) => doc.note === reason);
  expect(waiver).toBeDefined();
  const appealed = await page.request.post(`/api/penalty-waivers/${waiver!._id}/appeal`, {
    headers: theo,
    data: { note: 'The student could not get into the room, so I waited with them on the phone' },
  });
  expect(appealed.ok()).toBe(true);

  await page.reload();
  await page.getByLabel('Appeal', { exact: true }).selectOption('PENDING');
  await expect(entry).toContainText(
    'Theo Tutor appealed: “The student could not get into the room, so I waited with them on the phone.” The appeal is waiting for an answer.',
  );
  await entry.getByRole('button', { name: /^Respond to the appeal/ }).click();
  const answer = page.getByRole('dialog', { name: 'Respond to the appeal' });
  await answer.getByRole('button', { name: 'Accept the appeal' }).click();
  await expect(answer.getByText('Your answer to the tutor is required.')).toBeVisible();
  await answer.getByLabel('Your answer to the tutor').fill('Agreed: the room failed, not you.');
  await answer.getByRole('button', { name: 'Accept the appeal' }).click();
  await expect(page.getByText('Appeal responded!')).toBeVisible();
  // Answered, it leaves the appeals still waiting.
  await expect(entry).toHaveCount(0);
  await page.getByLabel('Appeal', { exact: true }).selectOption('ACCEPTED');
  await expect(entry).toContainText('Appeal accepted by Ada Admin: “Agreed: the room failed, not you.” The deduction no longer counts.');
});

test('an admin edits the cancellation policy on a phone and sees the version it saved', async ({ page }) => {
  const admin = await adminHeaders(page.request);
  const before = (await (await page.request.get('/api/admin/cancellation-policy', { headers: admin })).json()) as PolicyWithVersions;
  const next = before.version + 1;
  const late = before.rules.lateCancelHours === 12 ? '6' : '12';
  await page.setViewportSize({ width: 375, height: 800 });
  try {
    await signIn(page, 'admin@studyhall.test');
    await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
    await page.goto('/learning-portal/portal/admin/cancellation-policy');
    await expect(page.getByTestId('policy-version')).toContainText(`Version ${before.version},`);

    await page.getByRole('button', { name: 'Edit the policy' }).click();
    await page.getByLabel('Cancelled but chargeable: less than this many hours before').fill('400');
    await page.getByRole('button', { name: `Save as version ${next}` }).click();
    await expect(page.getByText('The late-cancel window can be at most 14 days.')).toBeVisible();
    await page.getByLabel('Cancelled but chargeable: less than this many hours before').fill(late);
    await page.getByRole('button', { name: `Save as version ${next}` }).click();

    await expect(page.getByTestId('policy-saved')).toHaveText(`Saved as version ${next}. Requests already made keep the version they were made under.`);
    await expect(page.getByTestId('policy-version')).toContainText(`Version ${next}, saved on`);
    await expect(page.getByTestId('policy-version')).toContainText('by Ada Admin.');
    await expect(
      page.getByText(`A lesson a student or parent cancels less than ${late} hours before it starts still counts as held for pay and charge`),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  } finally {
    // Other journeys ask for lessons to change under the seeded rules: they come back as the next version.
    const rules: CancellationRules = before.rules;
    await page.request.put('/api/admin/cancellation-policy', { headers: admin, data: rules });
  }
});
