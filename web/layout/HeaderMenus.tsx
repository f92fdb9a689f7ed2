import type { PublicUser } from '../../schema/contracts/auth';
import { deferredMenu } from './deferred-menu';
import { AdminMenuFace, adminMenuButton, MobileMenuFace, mobileMenuButton, mobileMenuLabel, UserMenuFace, userMenuButton, userMenuLabel } from './menu-faces';

const useUserMenu = deferredMenu(() => import('./UserMenu'));
const useAdminMenu = deferredMenu(() => import('./AdminMenu'));
const useMobileMenu = deferredMenu(() => import('./MobileMenu'));

/** The account menu; its button shows before the menu's code has loaded. */
export function AccountMenu({ user }: { user: PublicUser }) {
  const { Menu, buttonRef, placeholder } = useUserMenu();
  if (Menu) return <Menu user={user} buttonRef={buttonRef} />;
  return (
    <button type="button" {...userMenuButton} aria-label={userMenuLabel(user)} aria-haspopup="menu" aria-expanded={false} {...placeholder}>
      <UserMenuFace user={user} />
    </button>
  );
}

/** The admin screens, beside the main navigation; its button shows before the menu's code has loaded. */
export function AdminToolsMenu({ user }: { user: PublicUser }) {
  const { Menu, buttonRef, placeholder } = useAdminMenu();
  if (Menu) return <Menu user={user} buttonRef={buttonRef} />;
  return (
    <button type="button" {...adminMenuButton} aria-haspopup="menu" aria-expanded={false} {...placeholder}>
      <AdminMenuFace />
    </button>
  );
}

/** The navigation below the md breakpoint; its button shows before the menu's code has loaded. */
export function PhoneMenu({ user }: { user: PublicUser | null }) {
  const { Menu, buttonRef, placeholder } = useMobileMenu();
  if (Menu) return <Menu user={user} buttonRef={buttonRef} />;
  return (
    <div className="md:hidden">
      <button type="button" {...mobileMenuButton} aria-label={mobileMenuLabel(false)} aria-expanded={false} {...placeholder}>
        <MobileMenuFace open={false} />
      </button>
    </div>
  );
}
