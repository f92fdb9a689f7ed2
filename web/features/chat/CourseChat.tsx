import { useState } from 'react';
import ChatPanel from './ChatPanel';

/** The stored admin edit-mode flag (spec 1, section 6): on only with it set and the admin-course edit permission. */
const EDIT_MODE_KEY = 'studyhall.chat.adminEditMode';

/** The course page's chat tab. Admins read every conversation; with edit mode on they may also write. */
export default function CourseChat({
  courseId,
  asAdmin,
  canEdit,
  initialConversation,
}: {
  courseId: string;
  asAdmin: boolean;
  canEdit: boolean;
  initialConversation?: string | null;
}) {
  const [editMode, setEditMode] = useState(() => localStorage.getItem(EDIT_MODE_KEY) === 'true');
  const toggle = (on: boolean) => {
    localStorage.setItem(EDIT_MODE_KEY, String(on));
    setEditMode(on);
  };
  const effective = asAdmin && canEdit && editMode;
  return (
    <div className="space-y-3">
      {asAdmin && canEdit && (
        <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          <input type="checkbox" className="size-4 accent-brand" checked={editMode} onChange={(e) => toggle(e.target.checked)} />
          Edit mode (write in this course's conversations)
        </label>
      )}
      <ChatPanel
        key={String(effective)}
        target={{ kind: 'course', courseId, editMode: effective, readAll: asAdmin }}
        title="Course chat"
        initialConversation={initialConversation}
      />
    </div>
  );
}
