import { html } from '../../../platform/email/html';
import type { OutgoingMail } from '../../../platform/email/provider';
import type { InvoiceRecord } from '../../../schema/contracts/invoices';
import { formatMoney } from '../../../schema/contracts/money';

interface InvoiceMail {
  to: string;
  firstname: string;
  timezone: string;
  productName: string;
  /** The invoice's page in the app, where it is read, printed and paid. */
  link: string;
  invoice: InvoiceRecord;
}

const day = (iso: string, timezone: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: timezone }).format(new Date(iso));

/** The invoice to its payer: what it is for, the total and when it is due, and the link to read and pay it. */
export function invoiceMail({ to, firstname, timezone, productName, link, invoice }: InvoiceMail): OutgoingMail {
  const total = formatMoney(invoice.total, invoice.currency);
  const greeting = firstname ? `Hi ${firstname},` : 'Hi,';
  const intro = `Here is invoice ${invoice.invoiceNumber} from ${productName} for ${total}, due on ${day(invoice.dueAt, timezone)}.`;
  const lines = invoice.lines.map((line) => `${line.description}: ${formatMoney(line.amount, invoice.currency)}`);
  const text = [greeting, '', intro, '', ...lines, `Total: ${total}`, '', `See and pay it in ${productName}: ${link}`].join('\n');
  // Each part is escaped by html``; the list is joined from escaped items, so nothing a person typed becomes markup.
  const items = invoice.lines.map((line) => html`<li>${line.description}: ${formatMoney(line.amount, invoice.currency)}</li>`).join('');
  const body = `${html`<p>${greeting}</p><p>${intro}</p>`}<ul>${items}</ul>${html`<p><strong>Total: ${total}</strong></p>
    <p><a href="${link}">See and pay invoice ${invoice.invoiceNumber}</a></p>`}`;
  return { to, subject: `Invoice ${invoice.invoiceNumber} from ${productName}: ${total}`, text, html: body };
}

/** Once, a week after the due date: the invoice is still unpaid, and the same link pays it. */
export function overdueReminderMail({ to, firstname, timezone, productName, link, invoice }: InvoiceMail): OutgoingMail {
  const total = formatMoney(invoice.total, invoice.currency);
  const greeting = firstname ? `Hi ${firstname},` : 'Hi,';
  const intro = `Invoice ${invoice.invoiceNumber} from ${productName} for ${total} was due on ${day(invoice.dueAt, timezone)} and is not paid yet.`;
  const text = [greeting, '', intro, 'If you have paid it in the last few days, thank you: you can ignore this e-mail.', '', `See and pay it: ${link}`].join(
    '\n',
  );
  const body = html`<p>${greeting}</p>
    <p>${intro}</p>
    <p>If you have paid it in the last few days, thank you: you can ignore this e-mail.</p>
    <p><a href="${link}">See and pay invoice ${invoice.invoiceNumber}</a></p>`;
  return { to, subject: `Reminder: invoice ${invoice.invoiceNumber} is overdue`, text, html: body };
}

export const invoiceLink = (origin: string, invoiceId: string) => `${origin}/learning-portal/portal/invoices/${encodeURIComponent(invoiceId)}`;
