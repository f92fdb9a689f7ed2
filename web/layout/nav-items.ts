export interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

export function navItems(signedIn: boolean): NavItem[] {
  return [{ to: '/', label: 'Home', end: true }, ...(signedIn ? [{ to: '/dashboard', label: 'Dashboard' }] : [])];
}
