import { BookOpen, ClipboardList, Folder, type LucideIcon, MonitorPlay, Video } from 'lucide-react';
import type { PermissionMap } from '../../../schema/contracts/permissions';
import { hasPermission } from '../../../schema/contracts/permissions';
import type { SectionKind } from '../../../schema/contracts/sections';

export const kindInfo: Record<SectionKind, { label: string; icon: LucideIcon }> = {
  SECTION: { label: 'Section', icon: Folder },
  TEAMS: { label: 'Lesson', icon: MonitorPlay },
  ZOOM: { label: 'Zoom lesson', icon: Video },
  RESOURCE: { label: 'Resource', icon: BookOpen },
  HOMEWORK: { label: 'Homework', icon: ClipboardList },
};

export type Action = 'create' | 'edit' | 'delete';

/** The same rule as the API (worker/lib/sections/access.ts): RESOURCE create covers every resource and homework call. */
export function allows(granted: PermissionMap, kind: SectionKind, action: Action) {
  if (kind === 'RESOURCE' || kind === 'HOMEWORK') return hasPermission(granted, { RESOURCE: ['create'] });
  return hasPermission(granted, { [kind]: [action] });
}

export const isMeeting = (kind: SectionKind): kind is 'TEAMS' | 'ZOOM' => kind === 'TEAMS' || kind === 'ZOOM';

export const meetingBase = (kind: 'TEAMS' | 'ZOOM') => (kind === 'TEAMS' ? '/team-meetings' : '/zoom-meetings');
