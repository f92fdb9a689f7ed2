import { formatDuration } from '../../schema/contracts/durations';
import { DEMO_PASSWORD, signIn } from './demo';
import { expect, type Page, test } from './test';

const MAYA = 'user_student2';

/** Maya's balance as the API answers her parent, to know what the pages must show before and after. */
async function mayasBalance(page: Page) {
  const token = await page.request.post('/api/oauth/token', {
    form: { client_id: 'studyhall-web', grant_type: 'password', username: 'login:parent@studyhall.test', password: DEMO_PASSWORD },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const credits = await page.request.get(`/api/credits?userId=${MAYA}`, { headers: { authorization: `Bearer ${access_token}` } });
  expect(credits.ok()).toBe(true);
  return ((await credits.json()) as { balanceMinutes: number }).balanceMinutes;
}

/** Pat opens Plans from his account menu, chooses Maya and buys `plan`, landing on the simulated checkout. */
async function buyForMaya(page: Page, plan: string, price: string) {
  await signIn(page, 'parent@studyhall.test');
  // A parent with linked children lands on the account switcher; Plans is in the account menu from anywhere.
  await expect(page).toHaveURL(/\/learning-portal\/manage-accounts$/);
  await page.getByRole('button', { name: 'Account menu for Pat Parent' }).click();
  await page.getByRole('menuitem', { name: 'Plans' }).click();
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  await expect(page.getByTestId('payments-mode')).toHaveText('Payments here are simulated: no card is charged.');
  await page.getByRole('radio', { name: /Maya Student/ }).check();
  const card = page.getByRole('article', { name: plan });
  await expect(card).toContainText(price);
  await card.getByRole('button', { name: `Buy ${plan} for Maya Student` }).click();
  await expect(page).toHaveURL(/\/learning-portal\/dev\/checkout\/cs_sim_/);
  await expect(page.getByText('Simulated checkout: no card is charged.')).toBeVisible();
  await expect(page.getByText(`${plan} for Maya`)).toBeVisible();
}

async function openBilling(page: Page) {
  await page.getByRole('button', { name: 'Account menu for Pat Parent' }).click();
  await page.getByRole('menuitem', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  return page.getByRole('region', { name: 'Maya Student' });
}

test('Pat buys a flexible plan for Maya, pays on the simulated checkout, and sees her balance and the payment', async ({ page }) => {
  const before = await mayasBalance(page);
  const after = formatDuration(before + 600);
  await buyForMaya(page, 'Standard pack, 10 hours', 'SGD 500.00');
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page).toHaveURL(/\/learning-portal\/payment\/success\?payment=/);
  await expect(page.getByTestId('balance')).toHaveText(`Maya Student’s lesson balance is now ${after}.`);
  await page.screenshot({ path: '.tmp/screens/buy-plan-success.png', fullPage: true });

  const maya = await openBilling(page);
  await expect(maya.getByTestId('balance')).toHaveText(after);
  const newest = maya.getByTestId('balance-entry').first();
  await expect(newest).toContainText('Standard pack, 10 hours for Maya');
  await expect(newest).toContainText(/^.*Bought · .* · use by /);
  await expect(newest.getByTestId('entry-minutes')).toHaveText('+10 h');
  const payment = page.getByTestId('payment').first();
  await expect(payment).toContainText('Standard pack, 10 hours for Maya');
  await expect(payment).toContainText('for Maya');
  await expect(payment).toContainText('SGD 500.00');
  await expect(payment).toContainText('Paid');
  await page.screenshot({ path: '.tmp/screens/buy-plan-billing.png', fullPage: true });
});

test('a failed payment says nothing was charged and what to do, and Maya’s balance stays as it was', async ({ page }) => {
  const before = await mayasBalance(page);
  await buyForMaya(page, 'Starter pack, 5 hours', 'SGD 300.00');
  await page.getByRole('button', { name: 'Fail' }).click();

  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(page.getByText('The payment did not go through, and nothing was charged.')).toBeVisible();
  await expect(page.getByText(/Check the card details or use another card, then try again/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  const maya = await openBilling(page);
  await expect(maya.getByTestId('balance')).toHaveText(formatDuration(before));
  await expect(maya.getByText('Starter pack, 5 hours for Maya')).toHaveCount(0);
  expect(await mayasBalance(page)).toBe(before);
});
