import { useAtomValue } from 'jotai';
import { ArrowLeft, Download } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { InvoiceRecord } from '../../../schema/contracts/invoices';
import { tenantNameAtom } from '../../entities/tenant/atoms';
import { errorMessageText, statusOf } from '../../lib/errors';
import { signedInUserAtom } from '../../lib/session';
import { useViewerZone } from '../../lib/use-viewer-zone';
import { secondaryButton } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import NotFoundPage from '../../ui/NotFoundPage';
import { invoiceCalls } from './api';
import { InvoiceDocument } from './InvoiceDocument';
import { PayButton } from './PayButton';

type Load = { state: 'loading' } | { state: 'ready'; invoice: InvoiceRecord } | { state: 'missing' } | { state: 'failed'; message: string };

/**
 * /portal/invoices/:id: one invoice as a printable page, the link its e-mail carries. The payer pays it here; an
 * admin reads it too. "Download PDF" opens the browser's print dialog, whose "Save as PDF" keeps the invoice alone:
 * the page's print stylesheet leaves the app's header, footer and these buttons off the paper.
 */
export default function InvoicePage() {
  const { id = '' } = useParams();
  const user = useAtomValue(signedInUserAtom);
  const issuer = useAtomValue(tenantNameAtom);
  const zone = useViewerZone();
  const admin = user?.role.name === 'ADMIN';
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetchInvoice = useCallback(
    async (signal?: AbortSignal) => {
      setLoad({ state: 'loading' });
      try {
        const invoice = admin ? await invoiceCalls.adminInvoice(id, signal) : await invoiceCalls.myInvoice(id, signal);
        setLoad({ state: 'ready', invoice });
      } catch (error) {
        if (signal?.aborted) return;
        const status = statusOf(error);
        setLoad(status === 404 || status === 403 ? { state: 'missing' } : { state: 'failed', message: errorMessageText(error) });
      }
    },
    [id, admin],
  );

  useEffect(() => {
    const controller = new AbortController();
    void fetchInvoice(controller.signal);
    return () => controller.abort();
  }, [fetchInvoice]);

  if (load.state === 'loading') return <LoadingStatus className="py-24" />;
  if (load.state === 'missing') return <NotFoundPage />;
  if (load.state === 'failed') return <LoadFailure onRetry={() => void fetchInvoice()} />;
  const { invoice } = load;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12 print:max-w-none print:p-0" data-print-root>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to={admin ? '/portal/admin/invoices' : '/portal/invoices'}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-deep dark:text-slate-300"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {admin ? 'All invoices' : 'My invoices'}
        </Link>
        <div className="flex flex-wrap items-start gap-2">
          {!admin && invoice.status === 'PENDING' && <PayButton invoice={invoice} />}
          <button type="button" className={secondaryButton} onClick={() => window.print()}>
            <Download className="size-4" aria-hidden="true" />
            Download PDF
          </button>
        </div>
      </div>
      <InvoiceDocument invoice={invoice} issuer={issuer} zone={zone} />
    </div>
  );
}
