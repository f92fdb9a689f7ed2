import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { smallButton } from './classes';

/** A small outlined button led by an icon, as on a list row's Edit and Delete; label names it when the text alone is vague. */
export function SmallIconButton({ icon: Icon, onClick, label, children }: { icon: LucideIcon; onClick: () => void; label?: string; children?: ReactNode }) {
  return (
    <button type="button" className={smallButton} onClick={onClick} aria-label={label}>
      <Icon className="size-3.5" aria-hidden="true" />
      {children}
    </button>
  );
}
