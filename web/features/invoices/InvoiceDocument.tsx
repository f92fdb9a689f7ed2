import type { InvoiceLine, InvoiceRecord } from '../../../schema/contracts/invoices';
import { formatMoney } from '../../../schema/contracts/money';
import { dayText } from '../../lib/local-days';
import { payerName, statusBadge } from './invoice-words';

/** How a line came to its amount, in words: "60 min at SGD 60.00 an hour, for Sam Student". */
function lineDetail(line: InvoiceLine, currency: string) {
  const price = line.minutes == null ? null : `${line.minutes} min at ${formatMoney(line.unitAmount, currency)} an hour`;
  return [price, line.studentName ? `for ${line.studentName}` : null].filter(Boolean).join(', ');
}

/**
 * The invoice as a document: who issued it and to whom, its dates, its lines and its total with the currency and two
 * decimals. The same on screen and on paper (the page's print stylesheet leaves the app around it off).
 */
export function InvoiceDocument({ invoice, issuer, zone }: { invoice: InvoiceRecord; issuer: string; zone: string }) {
  const badge = statusBadge(invoice);
  const facts: [string, string][] = [
    ['Issued', dayText(invoice.issuedAt, zone)],
    ['Due', dayText(invoice.dueAt, zone)],
    ...(invoice.periodStart && invoice.periodEnd
      ? [['Lessons', `${dayText(invoice.periodStart, zone)} to ${dayText(invoice.periodEnd, zone)}`] as [string, string]]
      : []),
    ...(invoice.paidAt ? [['Paid', dayText(invoice.paidAt, zone)] as [string, string]] : []),
  ];
  return (
    <article
      data-testid="invoice-document"
      aria-labelledby="invoice-title"
      className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-800 print:rounded-none print:bg-white print:p-0 print:text-black print:ring-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm font-semibold text-brand-deep print:text-black">{issuer}</p>
          <h1 id="invoice-title" className="mt-1 text-2xl font-bold tracking-tight text-slate-900 dark:text-white print:text-black">
            Invoice {invoice.invoiceNumber}
          </h1>
        </div>
        <span className={badge.className} data-testid="invoice-status">
          {badge.label}
        </span>
      </header>

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <div>
          <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400 print:text-slate-600">Billed to</h2>
          <p className="mt-1 font-medium text-slate-900 dark:text-white print:text-black">{payerName(invoice)}</p>
          {invoice.payer.email && <p className="text-sm break-all text-slate-600 dark:text-slate-300 print:text-black">{invoice.payer.email}</p>}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-slate-500 dark:text-slate-400 print:text-slate-600">{term}</dt>
              <dd className="text-slate-900 dark:text-white print:text-black">{value}</dd>
            </div>
          ))}
        </dl>
      </div>

      <table className="mt-8 w-full text-left text-sm">
        <caption className="sr-only">Lines of invoice {invoice.invoiceNumber}</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400 print:border-slate-400 print:text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Item
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800 print:divide-slate-300">
          {invoice.lines.map((line) => (
            <tr key={line._id} data-testid="invoice-line" className="break-inside-avoid">
              <td className="py-3 pr-4 align-top">
                <p className="text-slate-900 dark:text-white print:text-black">{line.description}</p>
                {lineDetail(line, invoice.currency) && (
                  <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400 print:text-slate-600">{lineDetail(line, invoice.currency)}</p>
                )}
              </td>
              <td className="py-3 text-right align-top whitespace-nowrap text-slate-900 tabular-nums dark:text-white print:text-black">
                {formatMoney(line.amount, invoice.currency)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 dark:border-slate-600 print:border-slate-500">
          <tr>
            <th scope="row" className="py-3 pr-4 text-base font-semibold text-slate-900 dark:text-white print:text-black">
              Total
            </th>
            <td
              className="py-3 text-right text-base font-bold whitespace-nowrap text-slate-900 tabular-nums dark:text-white print:text-black"
              data-testid="invoice-total"
            >
              {formatMoney(invoice.total, invoice.currency)}
            </td>
          </tr>
        </tfoot>
      </table>
    </article>
  );
}
