import { z } from 'zod';
import type { PublicBranding } from './branding';

/** The product's own tenant; every other key is a white-label partner. */
export const HOME_TENANT_KEY = 'studyhall';

export const tenantTheme = z.object({ primary: z.string(), primaryDark: z.string() });
export type TenantTheme = z.infer<typeof tenantTheme>;

/** How this site takes payments: real Stripe, the local stand-in that charges nobody, or (null) not at all. */
export const paymentsModes = ['stripe', 'simulated'] as const;
export type PaymentsMode = (typeof paymentsModes)[number];

/** GET /api/tenant */
export const tenantResponse = z.object({
  _id: z.string(),
  key: z.string(),
  domain: z.string(),
  name: z.string(),
  theme: tenantTheme,
  permissions: z.record(z.string(), z.array(z.string())),
  isPartner: z.boolean(),
  payments: z.enum(paymentsModes).nullable(),
  /** Everything of the tenant's look, words and contacts (schema/contracts/branding.ts). */
  branding: z.custom<PublicBranding>((value) => typeof value === 'object' && value !== null),
});
export type TenantResponse = z.infer<typeof tenantResponse>;
