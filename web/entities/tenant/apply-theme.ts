import type { TenantResponse } from '../../../schema/contracts/tenant';

/** The text a brand colour carries, as contrast.ts names them; kept here so the entry chunk does not load contracts. */
const INK = { white: '#FFFFFF', dark: '#020617' } as const;

function setThemeColour(colour: string) {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
  }
  meta.content = colour;
}

/** The tenant's colours replace the default teal through the variables styles.css reads, and colour the browser's bar. */
export function applyTenantTheme(tenant: Pick<TenantResponse, 'branding'>) {
  // A copy kept on the device before tenants had branding carries none; the answer from the server always does.
  const colours = tenant.branding?.colours;
  if (!colours) return;
  const root = document.documentElement.style;
  root.setProperty('--tenant-primary', colours.brandColour);
  root.setProperty('--tenant-primary-dark', colours.brandColourDark);
  root.setProperty('--tenant-brand-ink', INK[colours.textOnBrand]);
  setThemeColour(colours.brandColour);
}
