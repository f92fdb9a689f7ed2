import { z } from 'zod';
import { isTimeZone } from './common';

export const roleNames = ['STUDENT', 'PARENT', 'TUTOR', 'ADMIN', 'GUEST'] as const;
export type RoleName = (typeof roleNames)[number];

/** The one OAuth client: the web app. It is public (a browser cannot keep a secret), so no secret is checked. */
export const WEB_CLIENT_ID = 'studyhall-web';

/** How the password grant's username names its auth type: `login:<email>`, `guest:…`, `cookie:…`, `tpToken:…`. */
export const authTypes = ['login', 'guest', 'cookie', 'tpToken'] as const;
export type AuthType = (typeof authTypes)[number];

const client = {
  client_id: z.literal(WEB_CLIENT_ID, { error: `must be ${WEB_CLIENT_ID}` }),
  client_secret: z.string().optional(),
};

/** POST /api/oauth/token, form-encoded. */
export const tokenRequest = z.discriminatedUnion(
  'grant_type',
  [
    z.object({
      grant_type: z.literal('password'),
      ...client,
      username: z.string({ error: 'is required' }).trim().min(1, 'is required').max(320),
      // Long enough for the tpToken auth type, whose id token travels in this field.
      password: z.string({ error: 'is required' }).min(1, 'is required').max(2000),
    }),
    z.object({ grant_type: z.literal('client_credentials'), ...client }),
  ],
  { error: 'must be password or client_credentials' },
);
export type TokenRequest = z.infer<typeof tokenRequest>;

export const userSummary = z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() });
export type UserSummary = z.infer<typeof userSummary>;

/** The user as every client sees it (the `oauthUser` of a token answer, and GET /api/user/authUser). */
export const publicUser = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  role: z.object({ name: z.enum(roleNames), isGuest: z.boolean() }),
  timezone: z.string(),
  currency: z.string(),
  onboarded: z.boolean(),
  /** Students a parent manages; empty for everyone else. */
  userMapper: z.array(userSummary),
});
export type PublicUser = z.infer<typeof publicUser>;

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  oauthUser: publicUser,
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** OAuth-style failure of the token endpoint; `message` mirrors `error_description` for the toast rules. */
export const tokenError = z.object({ error: z.string(), error_description: z.string(), message: z.string() });

/** GET /api/user/authUser: the signed-in user, and whom their calls act for (themselves or a linked student). */
export const authUserResponse = publicUser.extend({ actingFor: userSummary });
export type AuthUserResponse = z.infer<typeof authUserResponse>;

/** The spec's email rule (spec 1, section 5): a standard address shape, case-insensitive; stored lowercase. */
export const emailAddress = z
  .string({ error: 'Enter your email address' })
  .trim()
  .min(1, 'Enter your email address')
  .max(254, 'Use at most 254 characters')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/i, 'Enter a valid email address')
  .transform((email) => email.toLowerCase());

export const PASSWORD_MIN_LENGTH = 8;

/** A password someone chooses (sign-up, reset, change); signing in only needs a non-empty one. */
export const newPassword = z
  .string({ error: 'Enter a password' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Use at most 200 characters');

/** An IANA time zone the platform's Intl knows (aliases such as `UTC` included). */
export const timeZone = z.string({ error: 'Choose a time zone' }).trim().min(1, 'Choose a time zone').max(64).refine(isTimeZone, 'Choose a valid time zone');

/** Retired ISO 3166 codes Intl still names after today's country (DY is Benin, UK is the United Kingdom): listed, they repeat it. */
export const RETIRED_COUNTRY_CODES = ['AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'RH', 'SU', 'TP', 'UK', 'VD', 'YD', 'YU', 'ZR'];
/** Region codes Intl can name that are not countries (EU, UN, pseudo-regions, retired codes), left out of the country list. */
const NOT_COUNTRIES = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'ZZ', ...RETIRED_COUNTRY_CODES]);
let countries: string[] | undefined;

/** ISO 3166-1 alpha-2 codes of the countries Intl can name, in code order; the form and the API share the list. */
export function countryCodes(): string[] {
  if (!countries) {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const letters = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
    countries = letters.flatMap((a) => letters.map((b) => a + b)).filter((code) => !NOT_COUNTRIES.has(code) && names.of(code) !== undefined);
  }
  return countries;
}

/** A country as an ISO 3166-1 alpha-2 code (`SG`, `GB`). */
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => countryCodes().includes(code), 'Choose a country');

const personName = (what: string) =>
  z
    .string({ error: `Enter your ${what}` })
    .trim()
    .min(1, `Enter your ${what}`)
    .max(80, 'Use at most 80 characters');

/** Who may create their own account; tutors and admins are created by admins. */
export const signUpRoles = ['STUDENT', 'PARENT'] as const;

/** POST /api/sign-up, and the sign-up form. */
export const signUpRequest = z.object({
  firstname: personName('first name'),
  lastname: personName('last name'),
  email: emailAddress,
  password: newPassword,
  role: z.enum(signUpRoles, { error: 'Choose student or parent' }),
  timezone: timeZone,
  country: countryCode.optional(),
});
export type SignUpRequest = z.input<typeof signUpRequest>;

/** POST /api/auth/id-token: a one-time token that signs the same user in elsewhere (the tpToken auth type). */
export const idTokenResponse = z.object({ id_token: z.string(), user_id: z.string(), expires_in: z.number().int() });
export type IdTokenResponse = z.infer<typeof idTokenResponse>;
