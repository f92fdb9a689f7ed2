import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection } from '@headlessui/react';
import clsx from 'clsx';
import { Check, Settings2 } from 'lucide-react';
import type { ChosenDevices } from '../../../lib/chosen-devices';
import { focusRing } from '../../../ui/classes';

const groups = [
  { kind: 'audioinput', title: 'Microphone', key: 'audioInput' },
  { kind: 'videoinput', title: 'Camera', key: 'videoInput' },
] as const;

/** The microphones and cameras this device has, the one in use ticked; picking one switches to it at once. */
export function DeviceMenu({
  devices,
  chosen,
  onChoose,
  className,
}: {
  devices: MediaDeviceInfo[];
  chosen: ChosenDevices;
  onChoose: (kind: 'audioinput' | 'videoinput', deviceId: string) => void;
  className?: string;
}) {
  return (
    <Menu as="div" className="relative">
      <MenuButton className={clsx(className, focusRing)} aria-label="Choose microphone and camera" title="Choose microphone and camera">
        <Settings2 className="size-5" aria-hidden />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 w-72 rounded-xl bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none dark:bg-slate-900 dark:ring-slate-700"
      >
        {devices.length === 0 && <p className="px-3 py-2 text-slate-600 dark:text-slate-300">Turn on your microphone or camera to see your devices here.</p>}
        {groups.map((group) => {
          const list = devices.filter((d) => d.kind === group.kind);
          if (list.length === 0) return null;
          return (
            <MenuSection key={group.kind}>
              <MenuHeading className="px-3 pt-2 pb-1 text-xs font-semibold text-slate-500 dark:text-slate-400">{group.title}</MenuHeading>
              {list.map((device, index) => {
                const picked = chosen[group.key] ? chosen[group.key] === device.deviceId : index === 0;
                return (
                  <MenuItem key={device.deviceId}>
                    <button
                      type="button"
                      onClick={() => onChoose(group.kind, device.deviceId)}
                      className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-slate-800 data-focus:bg-slate-100 dark:text-slate-100 dark:data-focus:bg-slate-800"
                    >
                      <Check className={clsx('size-4 shrink-0', picked ? 'text-brand-deep' : 'invisible')} aria-hidden />
                      <span className="min-w-0 truncate">{device.label || `${group.title} ${index + 1}`}</span>
                      {picked && <span className="sr-only">(in use)</span>}
                    </button>
                  </MenuItem>
                );
              })}
            </MenuSection>
          );
        })}
      </MenuItems>
    </Menu>
  );
}
