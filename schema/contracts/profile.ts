import { z } from 'zod';
import type { PublicUser, UserSummary } from './auth';
import { isTimeZone } from './common';

/*
 * Profile, sub-collections, parents and onboarding: the shapes the API accepts and answers, used by the worker's
 * validation and by the web forms alike. Lists of time zones, currencies, countries and language names all come
 * from Intl, so they follow the platform's data instead of a hand-kept copy.
 */

export const FALLBACK_TIME_ZONE = 'Asia/Singapore';

/** Codes Intl names as regions that are not countries (or are only reserved): the EU, the UN, pseudo-regions. */
const NON_COUNTRY_REGIONS = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'ZZ']);

const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/** The browser's own zone, else the spec's fallback (spec 1 section 9). */
export function browserTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : FALLBACK_TIME_ZONE;
}

export const timeZoneList = once(() => Intl.supportedValuesOf('timeZone'));

const currencySet = once(() => new Set(Intl.supportedValuesOf('currency')));
export const isCurrency = (value: string) => currencySet().has(value);

/** ISO 4217 codes with English names, USD first as the spec's list starts. */
export const currencyOptions = once(() => {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  const codes = Intl.supportedValuesOf('currency');
  return ['USD', ...codes.filter((code) => code !== 'USD')].map((code) => ({ code, name: names.of(code) ?? code }));
});

const regionNames = once(() => new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }));

/** An ISO 3166 alpha-2 code Intl knows by that very code (deprecated codes canonicalise to another one). */
export function isCountry(code: string) {
  if (!/^[A-Z]{2}$/.test(code) || NON_COUNTRY_REGIONS.has(code)) return false;
  try {
    return regionNames().of(code) !== undefined && new Intl.Locale('und', { region: code }).region === code;
  } catch {
    return false;
  }
}

export const countryOptions = once(() => {
  const options: { code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (isCountry(code)) options.push({ code, name: regionNames().of(code) ?? code });
    }
  }
  return options.sort((x, y) => x.name.localeCompare(y.name));
});

export const countryName = (code: string | null) => (code && isCountry(code) ? (regionNames().of(code) ?? code) : '');

const languageNames = once(() => new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }));

/** The canonical BCP 47 tag (`EN-gb` → `en-GB`) when Intl can name the language, else null. */
export function canonicalLanguageTag(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical && languageNames().of(canonical) ? canonical : null;
  } catch {
    return null;
  }
}

export const languageName = (tag: string) => languageNames().of(tag) ?? tag;

/** Languages people most often list, offered first; any other valid tag can still be typed. */
export const COMMON_LANGUAGES = [
  'en',
  'zh',
  'hi',
  'es',
  'ar',
  'fr',
  'ms',
  'ta',
  'bn',
  'pt',
  'ru',
  'ur',
  'id',
  'de',
  'ja',
  'ko',
  'vi',
  'th',
  'tr',
  'it',
  'si',
  'ne',
];

const trimmed = (max: number) => z.string({ error: 'is required' }).trim().max(max, `must be at most ${max} characters`);
const requiredText = (max: number) => trimmed(max).min(1, 'is required');
const optionalText = (max: number) => trimmed(max).default('');
const year = z
  .number({ error: 'must be a year' })
  .int('must be a year')
  .min(1900, 'must be 1900 or later')
  .max(2100, 'must be 2100 or earlier')
  .nullable()
  .default(null);

export const personName = requiredText(60);
export const timeZone = z.string({ error: 'is required' }).refine(isTimeZone, 'must be an IANA time zone such as Asia/Singapore');
export const currency = z.string({ error: 'is required' }).refine(isCurrency, 'must be an ISO 4217 currency code such as USD');
export const country = z.string().refine(isCountry, 'must be an ISO 3166 country code such as SG');
/** Digits with optional +, spaces, brackets and hyphens; an empty field clears the phone. */
export const phone = z
  .string()
  .trim()
  .max(32, 'must be at most 32 characters')
  .refine((value) => value === '' || /^\+?[0-9][0-9 ()-]{5,}$/.test(value), 'must be a phone number such as +65 6123 4567')
  .transform((value) => value || null);

/** PUT /api/user: the acting user's own fields; only those sent change. */
export const profileUpdate = z
  .object({
    firstname: personName,
    lastname: personName,
    phone: phone.nullable(),
    bio: trimmed(2000),
    timezone: timeZone,
    currency,
    country: z.union([country, z.literal('').transform(() => null), z.null()]),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.input<typeof profileUpdate>;

/** PUT /api/user/page-guides: guide key → dismissed; merged into what is stored. */
export const pageGuidesUpdate = z
  .record(z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be a guide key'), z.boolean({ error: 'must be true or false' }))
  .refine((guides) => Object.keys(guides).length <= 50, 'at most 50 guides at once');

/** PUT /api/user/delete. */
export const accountDeletion = z.object({ password: z.string({ error: 'is required' }).min(1, 'is required').max(200) }).strict();

const isoDate = z.iso.date('must be a date (YYYY-MM-DD)');

export const experienceInput = z
  .object({
    title: requiredText(120),
    organisation: optionalText(120),
    startDate: isoDate.nullable().default(null),
    /** Null while the role is current. */
    endDate: isoDate.nullable().default(null),
    description: optionalText(2000),
  })
  .strict()
  .refine((e) => !e.startDate || !e.endDate || e.endDate >= e.startDate, { path: ['endDate'], message: 'must not be before the start date' });

export const qualificationInput = z.object({ title: requiredText(120), institution: optionalText(120), year, description: optionalText(2000) }).strict();

export const achievementInput = z.object({ title: requiredText(120), year, description: optionalText(2000) }).strict();

export const proficiencies = ['BASIC', 'CONVERSATIONAL', 'FLUENT', 'NATIVE'] as const;
export const proficiencyLabels: Record<(typeof proficiencies)[number], string> = {
  BASIC: 'Basic',
  CONVERSATIONAL: 'Conversational',
  FLUENT: 'Fluent',
  NATIVE: 'Native',
};

export const languageInput = z
  .object({
    language: z
      .string({ error: 'is required' })
      .trim()
      .max(35)
      .transform((tag, ctx) => {
        const canonical = canonicalLanguageTag(tag);
        if (!canonical) ctx.addIssue({ code: 'custom', message: 'must be a language tag such as en or zh-Hans' });
        return canonical ?? tag;
      }),
    proficiency: z.enum(proficiencies, { error: `must be one of ${proficiencies.join(', ')}` }),
  })
  .strict();

/** A subject by the names the catalogue lists; the server checks the tenant's catalogue holds it. */
export const subjectInput = z.object({ curriculum: requiredText(120), subject: requiredText(120), grade: requiredText(60) }).strict();

export const collectionInputs = {
  experiences: experienceInput,
  qualifications: qualificationInput,
  achievements: achievementInput,
  languages: languageInput,
} as const;
export type CollectionName = keyof typeof collectionInputs;

export type ExperienceInput = z.input<typeof experienceInput>;
export type QualificationInput = z.input<typeof qualificationInput>;
export type AchievementInput = z.input<typeof achievementInput>;
export type LanguageInput = z.input<typeof languageInput>;
export type SubjectInput = z.input<typeof subjectInput>;

interface Row {
  _id: string;
  userId: string;
  createdAt: string;
  updatedAt: string;
}
export type Experience = Row & z.output<typeof experienceInput>;
export type Qualification = Row & z.output<typeof qualificationInput>;
export type Achievement = Row & z.output<typeof achievementInput>;
export type Language = Row & z.output<typeof languageInput>;
export type UserSubject = Row & z.output<typeof subjectInput>;

/** GET /api/user/{id}: the spec's User with its sub-collections (each with _id) and page guides. */
export interface UserProfile extends PublicUser {
  phone: string | null;
  bio: string;
  country: string | null;
  /** Path of the avatar image below the site root, or null. */
  avatar: string | null;
  curriculum: string | null;
  grade: string | null;
  pageGuides: Record<string, boolean>;
  experiences: Experience[];
  qualifications: Qualification[];
  achievements: Achievement[];
  languages: Language[];
  subjects: UserSubject[];
}

/** GET /api/user/mapped-students: a parent's linked students, as the account switcher shows them. */
export interface MappedStudent extends UserSummary {
  avatar: string | null;
  curriculum: string | null;
  grade: string | null;
  onboarded: boolean;
}

/** POST /api/onboarding for a student: curriculum, grade, the subjects taken at that grade, and the time zone. */
export const studentOnboarding = z
  .object({
    role: z.literal('STUDENT'),
    curriculum: requiredText(120),
    grade: requiredText(60),
    subjects: z.array(requiredText(120), { error: 'must be a list of subjects' }).min(1, 'choose at least one subject').max(20),
    timezone: timeZone,
  })
  .strict();

/** POST /api/onboarding for a tutor: subjects taught, a short bio and one experience (availability comes later). */
export const tutorOnboarding = z
  .object({
    role: z.literal('TUTOR'),
    subjects: z.array(subjectInput, { error: 'must be a list of subjects' }).min(1, 'add at least one subject').max(40),
    bio: requiredText(2000).min(20, 'must be at least 20 characters'),
    experience: experienceInput,
    timezone: timeZone,
  })
  .strict();

export const onboardingInput = z.discriminatedUnion('role', [studentOnboarding, tutorOnboarding], {
  error: 'must be STUDENT or TUTOR',
});
export type OnboardingInput = z.input<typeof onboardingInput>;

/** GET /api/onboarding: whether the acting user still has to onboard, and what is missing. */
export interface OnboardingStatus {
  required: boolean;
  onboarded: boolean;
  role: PublicUser['role']['name'];
  missing: ('curriculum' | 'grade' | 'subjects' | 'timezone' | 'bio' | 'experience')[];
}
