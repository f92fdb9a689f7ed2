import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import clsx from 'clsx';
import { format } from 'date-fns';
import { BookmarkCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { BookmarkView } from '../../../../schema/contracts/lesson-sessions';
import { focusRing } from '../../../ui/classes';
import { roomFooterButton } from '../room-classes';
import { recordingCalls } from './recording-api';

/** The lesson's bookmarks, newest last; read again whenever `revision` changes (this person just bookmarked). */
export function useLessonBookmarks(sectionId: string, revision = 0) {
  const [bookmarks, setBookmarks] = useState<BookmarkView[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    recordingCalls.bookmarks(sectionId).then(
      (page) => live && setBookmarks([...page.docs].sort((a, b) => a.createdAt.localeCompare(b.createdAt))),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [sectionId, revision]);
  return { bookmarks, failed };
}

export const bookmarkLabel = (bookmark: BookmarkView) => `Page ${bookmark.pageNo}${bookmark.subTopicName ? ` · ${bookmark.subTopicName}` : ''}`;

/** The room's list of bookmarks: each opens its page. */
export function BookmarkList({ sectionId, revision, onOpen }: { sectionId: string; revision: number; onOpen: (bookmark: BookmarkView) => void }) {
  const { bookmarks, failed } = useLessonBookmarks(sectionId, revision);
  return (
    <Popover className="relative">
      <PopoverButton title="Bookmarks" className={roomFooterButton}>
        <BookmarkCheck className="size-3.5" aria-hidden />
        <span className="max-sm:sr-only">Bookmarks{bookmarks?.length ? ` (${bookmarks.length})` : ''}</span>
      </PopoverButton>
      <PopoverPanel
        anchor="top start"
        className="z-[60] mb-2 w-64 rounded-2xl bg-white p-2 text-sm text-slate-800 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700"
      >
        {({ close }) => (
          <>
            <h2 className="px-2 pt-1 pb-2 text-xs font-semibold text-slate-600 dark:text-slate-300">Bookmarks in this lesson</h2>
            {failed && <p className="px-2 pb-2">The bookmarks could not be loaded. Please try again.</p>}
            {!failed && bookmarks === null && <p className="px-2 pb-2">Loading the bookmarks…</p>}
            {bookmarks?.length === 0 && <p className="px-2 pb-2">No bookmarks yet. Bookmark a page to find it again here and in the replay.</p>}
            <ul className="flex flex-col">
              {bookmarks?.map((bookmark) => (
                <li key={bookmark._id}>
                  <button
                    type="button"
                    onClick={() => {
                      onOpen(bookmark);
                      close();
                    }}
                    className={clsx(
                      'flex w-full items-center justify-between gap-2 rounded-lg px-2 py-1.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800',
                      focusRing,
                    )}
                  >
                    <span>{bookmarkLabel(bookmark)}</span>{' '}
                    <span className="text-xs text-slate-600 tabular-nums dark:text-slate-300">{format(new Date(bookmark.createdAt), 'HH:mm')}</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
