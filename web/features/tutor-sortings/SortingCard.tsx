import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import clsx from 'clsx';
import { GripVertical } from 'lucide-react';
import { useState } from 'react';
import { type SortedTutor, TUTOR_SORTING_UPDATED, type TutorSorting } from '../../../schema/contracts/tutor-sortings';
import { fullName } from '../../lib/people';
import { cardClass, focusRing, primaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { tutorSortingCalls } from './api';

function TutorRow({ tutor, position, canEdit }: { tutor: SortedTutor; position: number; canEdit: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: tutor._id, disabled: !canEdit });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={clsx(
        'flex items-center gap-3 rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-brand',
      )}
    >
      {canEdit && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Move ${fullName(tutor, tutor.email ?? tutor._id)}`}
          className={`cursor-grab rounded-lg p-1 text-slate-500 hover:bg-slate-200 dark:hover:bg-slate-700 ${focusRing}`}
        >
          <GripVertical className="size-4" aria-hidden="true" />
        </button>
      )}
      <span className="w-6 text-sm font-semibold text-slate-500 tabular-nums">{position}.</span>
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900 dark:text-white">{fullName(tutor, tutor.email ?? tutor._id)}</span>
      {tutor.availabilityState && tutor.availabilityState !== 'available' && (
        <span className="text-xs text-slate-500 dark:text-slate-400">{tutor.availabilityState}</span>
      )}
    </li>
  );
}

/**
 * One curriculum, subject and grade: its tutors in the order trials go to them. Drag a handle (or focus it, press
 * Space, move with the arrow keys and press Space again) and save.
 */
export default function SortingCard({ sorting, canEdit, onSaved }: { sorting: TutorSorting; canEdit: boolean; onSaved: (sorting: TutorSorting) => void }) {
  const toast = useToast();
  const [tutors, setTutors] = useState(sorting.tutors);
  const [saving, setSaving] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const changed = tutors.some((t, i) => t._id !== sorting.tutors[i]?._id);
  const title = `${sorting.curriculum} · ${sorting.subject} · ${sorting.grade}`;

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    setTutors((list) =>
      arrayMove(
        list,
        list.findIndex((t) => t._id === active.id),
        list.findIndex((t) => t._id === over.id),
      ),
    );
  }

  async function save() {
    setSaving(true);
    try {
      const saved = await tutorSortingCalls.save(
        sorting,
        tutors.map((t) => t._id),
      );
      toast.success(TUTOR_SORTING_UPDATED);
      onSaved(saved);
    } catch (error) {
      toast.error(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-label={title} className={`${cardClass} p-4`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-semibold text-slate-900 dark:text-white">{title}</h2>
        {canEdit && (
          <button type="button" onClick={() => void save()} disabled={!changed || saving} className={primaryButton}>
            {saving && <Spinner className="size-4" />}
            Save order
          </button>
        )}
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
        <SortableContext items={tutors.map((t) => t._id)} strategy={verticalListSortingStrategy}>
          <ol className="mt-3 space-y-2">
            {tutors.map((tutor, i) => (
              <TutorRow key={tutor._id} tutor={tutor} position={i + 1} canEdit={canEdit} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </section>
  );
}
