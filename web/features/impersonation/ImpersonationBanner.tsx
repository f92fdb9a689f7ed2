/** Shown while an admin acts as another user; built with the admin users screens. */
export default function ImpersonationBanner() {
  return null;
}
