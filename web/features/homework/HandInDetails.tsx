import { FileText } from 'lucide-react';
import { type HandIn, markText } from '../../../schema/contracts/homework';
import { smallButton } from '../../ui/classes';
import { fileSizeText } from './file-size';

export const lateBadge =
  'inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-600/20 ring-inset dark:bg-amber-500/10 dark:text-amber-200';

/** What was handed in and, once marked, the mark and the tutor's feedback. */
export default function HandInDetails({
  handIn,
  formatTime,
  onOpenFile,
}: {
  handIn: HandIn;
  formatTime: (iso: string) => string;
  onOpenFile: (file: HandIn['files'][number]) => void;
}) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Handed in <time dateTime={handIn.handedInAt}>{formatTime(handIn.handedInAt)}</time>
        {handIn.late && <span className={`${lateBadge} ml-2`}>Late</span>}
      </p>
      {handIn.files.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Files handed in">
          {handIn.files.map((file) => (
            <li key={file._id} className="max-w-full">
              <button type="button" className={`${smallButton} max-w-full`} onClick={() => onOpenFile(file)}>
                <FileText className="size-4 shrink-0" aria-hidden="true" />
                <span className="truncate">{file.name}</span>
                <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{fileSizeText(file.size)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {handIn.text && <p className="text-sm whitespace-pre-wrap wrap-anywhere text-slate-800 dark:text-slate-200">{handIn.text}</p>}
      {handIn.status === 'MARKED' && handIn.mark !== null && handIn.outOf !== null && (
        <div className="rounded-xl bg-brand/10 p-3" data-testid="hand-in-mark">
          <p className="font-semibold text-slate-900 dark:text-white">Mark: {markText(handIn.mark, handIn.outOf)}</p>
          {handIn.feedback && <p className="mt-1 text-sm whitespace-pre-wrap wrap-anywhere text-slate-800 dark:text-slate-200">{handIn.feedback}</p>}
          {handIn.markedBy && (
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              Marked by {handIn.markedBy.firstname} {handIn.markedBy.lastname}
              {handIn.markedAt && (
                <>
                  {' '}
                  on <time dateTime={handIn.markedAt}>{formatTime(handIn.markedAt)}</time>
                </>
              )}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
