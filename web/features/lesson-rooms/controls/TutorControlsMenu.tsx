import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import clsx from 'clsx';
import { ChevronDown, Crosshair, Lock, LockOpen, Pencil, PencilOff, SlidersHorizontal, UserRoundX, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ControlRequest, LessonControls } from '../../../../schema/contracts/lesson-controls';
import { focusRing } from '../../../ui/classes';
import type { Camera } from '../board/camera';

const itemClass =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-slate-700 data-disabled:opacity-50 data-focus:bg-slate-100 data-focus:text-slate-900 dark:text-slate-200 dark:data-focus:bg-slate-800 dark:data-focus:text-white';

interface Props {
  controls: LessonControls;
  pageId: string;
  pageNumber: number;
  camera: Camera;
  /** What the tutor has selected on the board, for "Lock the selected items". */
  selection: readonly string[];
  onControl: (request: ControlRequest) => void;
}

function Item({ icon, children, onClick, disabled }: { icon: ReactNode; children: ReactNode; onClick: () => void; disabled?: boolean }) {
  return (
    <MenuItem disabled={disabled}>
      <button type="button" className={itemClass} onClick={onClick}>
        {icon}
        {children}
      </button>
    </MenuItem>
  );
}

/** The tutor's controls in one menu (Headless UI: arrow keys, Enter, Escape), so the room stays usable at 375 px. */
export function TutorControlsMenu({ controls, pageId, pageNumber, camera, selection, onControl }: Props) {
  const pageLocked = controls.lockedPages.includes(pageId);
  const locked = new Set(controls.lockedElements);
  const selectionLocked = selection.length > 0 && selection.every((id) => locked.has(id));
  const icon = 'size-4 shrink-0';
  return (
    <Menu>
      <MenuButton
        className={clsx(
          'inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800',
          focusRing,
        )}
      >
        <SlidersHorizontal className={icon} aria-hidden />
        Class controls
        <ChevronDown className="size-3.5" aria-hidden />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom start', gap: 6 }}
        className="z-50 w-72 max-w-[calc(100vw-1.5rem)] rounded-2xl bg-white p-1.5 shadow-xl ring-1 ring-slate-200 focus:outline-none dark:bg-slate-900 dark:ring-slate-800"
      >
        {controls.lead ? (
          <Item icon={<UserRoundX className={icon} aria-hidden />} onClick={() => onControl({ type: 'lead', on: false })}>
            Stop leading: students move freely
          </Item>
        ) : (
          <Item icon={<Users className={icon} aria-hidden />} onClick={() => onControl({ type: 'lead', on: true })}>
            Lead: students follow my page
          </Item>
        )}
        <Item icon={<Crosshair className={icon} aria-hidden />} onClick={() => onControl({ type: 'gather', pageId, view: camera })}>
          Bring everyone to my view
        </Item>
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
        <Item
          icon={pageLocked ? <LockOpen className={icon} aria-hidden /> : <Lock className={icon} aria-hidden />}
          onClick={() => onControl({ type: 'lockPage', pageId, locked: !pageLocked })}
        >
          {pageLocked ? `Unlock page ${pageNumber}` : `Lock page ${pageNumber}`}
        </Item>
        <Item
          icon={selectionLocked ? <LockOpen className={icon} aria-hidden /> : <Lock className={icon} aria-hidden />}
          disabled={selection.length === 0}
          onClick={() => onControl({ type: 'lockElements', ids: [...selection], locked: !selectionLocked })}
        >
          {selection.length === 0
            ? 'Lock items: select them first (V)'
            : `${selectionLocked ? 'Unlock' : 'Lock'} the ${selection.length === 1 ? 'selected item' : `${selection.length} selected items`}`}
        </Item>
        <Item
          icon={controls.readOnly ? <Pencil className={icon} aria-hidden /> : <PencilOff className={icon} aria-hidden />}
          onClick={() => onControl({ type: 'readOnly', on: !controls.readOnly })}
        >
          {controls.readOnly ? 'Let students draw again' : 'Make the board read-only for students'}
        </Item>
      </MenuItems>
    </Menu>
  );
}
