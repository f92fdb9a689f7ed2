import { eq } from 'drizzle-orm';
import type { Branding, PublicBranding, StoredBranding } from '../../../schema/contracts/branding';
import { STUDYHALL_BRANDING } from '../../../schema/contracts/branding-defaults';
import { HOME_TENANT_KEY } from '../../../schema/contracts/tenant';
import { BRAND_ICON_PATH } from '../../../schema/contracts/tenant-assets';
import { type Tenant, tenants } from '../../../schema/tables';
import type { Actor } from '../../env';
import { forgetTenants } from '../tenant-cache';
import type { TenantDb } from '../tenant-db';

/**
 * A partner whose branding was never set wears neutral slate and its own name, never Studyhall's teal or words;
 * the home tenant keeps its own look.
 */
function defaultBranding(tenant: Pick<Tenant, 'key' | 'name'>): StoredBranding {
  if (tenant.key === HOME_TENANT_KEY) return STUDYHALL_BRANDING;
  return {
    shortName: tenant.name.slice(0, 12),
    colours: { brandColour: '#334155', brandColourDark: '#94A3B8', textOnBrand: 'white', backgroundColour: '#FFFFFF' },
    icon: null,
    support: { whatsappNumber: '', phoneNumber: '', supportEmail: '' },
    landing: {
      tagline: '',
      headline: 'Live lessons with',
      headlineHighlight: tenant.name,
      lead: 'Tutors who know your exam, live and one to one.',
      boards: [],
      subjects: [],
      testimonials: [],
    },
    email: { senderName: tenant.name },
  };
}

export const brandingOf = (tenant: Pick<Tenant, 'key' | 'name' | 'branding'>): StoredBranding => tenant.branding ?? defaultBranding(tenant);

/** What anyone on the tenant's address may read: the icon's address in place of its bytes. */
export function publicBranding(tenant: Pick<Tenant, 'key' | 'name' | 'branding' | 'updatedAt'>): PublicBranding {
  const { icon, ...rest } = brandingOf(tenant);
  // The version in the address lets a changed icon replace the one browsers keep.
  return { ...rest, iconUrl: `${BRAND_ICON_PATH}?v=${tenant.updatedAt.getTime()}`, hasOwnIcon: icon !== null };
}

async function tenantRow(tdb: TenantDb) {
  const row = await tdb.db.select().from(tenants).where(eq(tenants._id, tdb.tenantId)).get();
  // The request's tenant was read by the tenant middleware a moment ago; only a deleted tenant misses here.
  if (!row) throw new Error(`Tenant ${tdb.tenantId} is gone`);
  return row;
}

/** The Branding page's record: the name and everything of the look, words and contacts. */
export async function readBranding(tdb: TenantDb): Promise<Branding> {
  const row = await tenantRow(tdb);
  return { name: row.name, ...brandingOf(row) };
}

/** Replaces the tenant's branding whole (the page always sends all of it) and answers it as stored. */
export async function saveBranding(tdb: TenantDb, _actor: Actor, input: Branding): Promise<Branding> {
  const { name, ...branding } = input;
  await tdb.db.update(tenants).set({ name, branding, updatedAt: new Date() }).where(eq(tenants._id, tdb.tenantId));
  // The admin sees the new look on their next call; other isolates within TENANT_TTL_MS.
  forgetTenants();
  return readBranding(tdb);
}
