import { Link2, type LucideIcon, Video } from 'lucide-react';

export interface Area {
  title: string;
  description: string;
  /** What the finished screen will offer. */
  features: string[];
  icon: LucideIcon;
}

/** The screens of the route table that later work delivers; each shows what will be there instead of a blank. */
export const AREAS = {
  trialRecording: {
    title: 'Trial class recording',
    description: 'Watch the recording of a trial class and see how it went.',
    features: ['Recording playback', 'Trial outcome and next steps'],
    icon: Video,
  },
  verifyNotesLink: {
    title: 'Verify your notes link',
    description: 'Confirm a shared notes link so you can open the notes it points to.',
    features: ['Checks the link is valid', 'Opens the shared notes'],
    icon: Link2,
  },
} satisfies Record<string, Area>;

export type AreaKey = keyof typeof AREAS;

/** `cambridge-igcse` → `Cambridge Igcse`: a readable name for a route parameter until the real page knows better. */
export function unslug(slug: string) {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
