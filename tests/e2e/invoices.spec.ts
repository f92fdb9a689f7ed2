import { signIn } from './demo';
import { expect, test } from './test';

/**
 * The seed holds a maths lesson (Sam) and a physics lesson (Sam and Maya) on the 10th of last month, closed into the
 * ledger by the close job at start-up; Pat Parent pays for both children.
 */
test('the admin draws last month’s invoices and sends them; Pat opens the mail, pays on the simulated checkout, and the invoice shows PAID', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@studyhall.test');
  await page.goto('/learning-portal/portal/admin/invoices');
  await page.getByRole('button', { name: 'Draw from lessons' }).click();
  await page.getByRole('button', { name: 'Preview invoices' }).click();

  const drafts = page.getByTestId('invoice-draft');
  const pat = drafts.filter({ has: page.getByRole('heading', { name: 'Pat Parent' }) });
  await expect(pat).toHaveCount(1);
  await expect(pat.getByText('Sam Student', { exact: false }).first()).toBeVisible();
  await expect(pat.getByText(/^Maya Student, /)).toBeVisible();
  await expect(pat.getByTestId('line-editor')).toHaveCount(3);
  await expect(pat.getByTestId('lines-total')).toHaveText('Total SGD 180.00');
  // Only Pat's family is billed here, whatever other journeys left in the ledger.
  for (const other of await drafts.filter({ hasNot: page.getByRole('heading', { name: 'Pat Parent' }) }).all()) {
    await other.getByRole('checkbox', { name: 'Bill this family' }).uncheck();
  }
  await expect(page.getByTestId('draw-summary')).toHaveText('1 invoice, SGD 180.00 in all.');
  await page.getByRole('button', { name: 'Send invoices' }).click();
  await expect(page.getByText('Invoices sent!')).toBeVisible();

  const row = page.getByTestId('invoice-row').filter({ hasText: 'Pat Parent' }).first();
  await expect(row).toContainText('SGD 180.00');
  await expect(row).toContainText('Pending');
  const number = (await row.getByText(/^Invoice \d+$/).textContent())!.replace('Invoice ', '');

  const parentContext = await browser.newContext();
  const parent = await parentContext.newPage();
  await signIn(parent, 'parent@studyhall.test');
  await parent.goto('/learning-portal/dev/mailbox');
  const mail = parent.getByRole('article', { name: `Invoice ${number} from Studyhall: SGD 180.00` });
  await expect(mail).toContainText('To parent@studyhall.test');
  await mail.getByRole('link', { name: /\/learning-portal\/portal\/invoices\// }).click();

  const invoice = parent.getByTestId('invoice-document');
  await expect(invoice.getByRole('heading', { name: `Invoice ${number}` })).toBeVisible();
  await expect(invoice.getByTestId('invoice-status')).toHaveText('Pending');
  await expect(invoice.getByTestId('invoice-line')).toHaveCount(3);
  await parent.getByRole('button', { name: `Pay invoice ${number}, SGD 180.00` }).click();

  await expect(parent.getByText('Simulated checkout: no card is charged.')).toBeVisible();
  await expect(parent.getByText(`Invoice ${number}`, { exact: true })).toBeVisible();
  await expect(parent.getByText('SGD 180.00')).toBeVisible();
  await parent.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(parent.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(parent.getByTestId('invoice-paid')).toHaveText(`Invoice ${number} is paid. Thank you.`);
  await parent.getByRole('link', { name: 'See the invoice' }).click();
  await expect(parent.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(parent.getByRole('button', { name: /Pay invoice/ })).toHaveCount(0);
  await parentContext.close();

  await page.reload();
  await expect(page.getByTestId('invoice-row').filter({ hasText: `Invoice ${number}` })).toContainText('Paid');
});
