import { ExternalLink, FileCheck2, FileText } from 'lucide-react';
import type { PastPaperDoc } from '../../../schema/contracts/past-papers';
import { withScheme } from '../../../schema/contracts/web-address';
import { focusRing } from '../../ui/classes';

const linkClass = `inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-deep hover:underline dark:text-brand ${focusRing}`;

/** The board's question paper and mark scheme, opened on the board's site; a paper without a mark scheme says so. */
export default function PaperLinks({ paper }: { paper: PastPaperDoc }) {
  return (
    <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <a href={withScheme(paper.link)} target="_blank" rel="noopener noreferrer" className={linkClass}>
        <FileText className="size-4" aria-hidden="true" />
        Question paper
        <ExternalLink className="size-3.5" aria-label="(opens in a new tab)" />
      </a>
      {paper.marking ? (
        <a href={withScheme(paper.marking)} target="_blank" rel="noopener noreferrer" className={linkClass}>
          <FileCheck2 className="size-4" aria-hidden="true" />
          Mark scheme
          <ExternalLink className="size-3.5" aria-label="(opens in a new tab)" />
        </a>
      ) : (
        <span className="text-sm text-slate-500 dark:text-slate-400">No mark scheme published</span>
      )}
    </span>
  );
}
