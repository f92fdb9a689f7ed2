import { z } from 'zod';

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
      password: z.string({ error: 'is required' }).min(1, 'is required').max(200),
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
