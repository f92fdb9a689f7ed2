import type { ZodType } from 'zod';
import { type CollectionName, collectionInputs, languageName, proficiencies, proficiencyLabels, type UserProfile } from '../../../schema/contracts/profile';

export type FieldKind = 'text' | 'textarea' | 'date' | 'year' | 'language' | 'proficiency';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  placeholder?: string;
}

type Item = UserProfile[CollectionName][number];

export interface CollectionSpec {
  name: CollectionName;
  title: string;
  singular: string;
  empty: string;
  fields: FieldSpec[];
  schema: ZodType;
  summary: (item: Item) => { title: string; detail: string };
  /** A tutor's record of teaching (experience, qualifications, achievements): only a tutor's profile shows it. */
  tutorOnly?: boolean;
}

const read = (item: Item, key: string) => (item as unknown as Record<string, unknown>)[key];
const text = (item: Item, key: string) => {
  const value = read(item, key);
  return value === null || value === undefined ? '' : String(value);
};
const joined = (...parts: string[]) => parts.filter(Boolean).join(' · ');

const monthYear = (date: string) => (date ? new Date(`${date}T00:00:00Z`).toLocaleDateString('en', { month: 'short', year: 'numeric', timeZone: 'UTC' }) : '');

export const proficiencyOptions = proficiencies.map((value) => ({ value, label: proficiencyLabels[value] }));

/** The four editable sub-collections, described once: the section, its dialog form and the API path follow. */
export const collectionSpecs: CollectionSpec[] = [
  {
    name: 'experiences',
    tutorOnly: true,
    title: 'Experience',
    singular: 'experience',
    empty: 'No experience added yet.',
    schema: collectionInputs.experiences,
    fields: [
      { name: 'title', label: 'Role', kind: 'text', required: true, placeholder: 'Mathematics teacher' },
      { name: 'organisation', label: 'Organisation', kind: 'text', placeholder: 'School or company' },
      { name: 'startDate', label: 'Started', kind: 'date' },
      { name: 'endDate', label: 'Ended (leave empty if current)', kind: 'date' },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
    summary: (item) => {
      const start = monthYear(text(item, 'startDate'));
      const end = text(item, 'endDate') ? monthYear(text(item, 'endDate')) : start ? 'present' : '';
      return { title: text(item, 'title'), detail: joined(text(item, 'organisation'), start ? `${start} – ${end}` : '') };
    },
  },
  {
    name: 'qualifications',
    tutorOnly: true,
    title: 'Qualifications',
    singular: 'qualification',
    empty: 'No qualifications added yet.',
    schema: collectionInputs.qualifications,
    fields: [
      { name: 'title', label: 'Qualification', kind: 'text', required: true, placeholder: 'BSc Mathematics' },
      { name: 'institution', label: 'Institution', kind: 'text' },
      { name: 'year', label: 'Year', kind: 'year' },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
    summary: (item) => ({ title: text(item, 'title'), detail: joined(text(item, 'institution'), text(item, 'year')) }),
  },
  {
    name: 'achievements',
    tutorOnly: true,
    title: 'Achievements',
    singular: 'achievement',
    empty: 'No achievements added yet.',
    schema: collectionInputs.achievements,
    fields: [
      { name: 'title', label: 'Achievement', kind: 'text', required: true, placeholder: 'Olympiad silver medal' },
      { name: 'year', label: 'Year', kind: 'year' },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
    summary: (item) => ({ title: text(item, 'title'), detail: text(item, 'year') }),
  },
  {
    name: 'languages',
    title: 'Languages',
    singular: 'language',
    empty: 'No languages added yet.',
    schema: collectionInputs.languages,
    fields: [
      { name: 'language', label: 'Language', kind: 'language', required: true },
      { name: 'proficiency', label: 'Proficiency', kind: 'proficiency', required: true },
    ],
    summary: (item) => ({
      title: languageName(text(item, 'language')),
      detail: proficiencyLabels[text(item, 'proficiency') as (typeof proficiencies)[number]] ?? '',
    }),
  },
];

export type FormValues = Record<string, string>;

export const emptyValues = (spec: CollectionSpec): FormValues => Object.fromEntries(spec.fields.map((f) => [f.name, '']));

export const valuesOf = (spec: CollectionSpec, item: Item): FormValues => Object.fromEntries(spec.fields.map((f) => [f.name, text(item, f.name)]));

/** Form strings to the JSON the API takes: empty optional dates and years are null, years are numbers. */
export function payloadOf(spec: CollectionSpec, values: FormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of spec.fields) {
    const value = (values[field.name] ?? '').trim();
    if (field.kind === 'date') payload[field.name] = value || null;
    else if (field.kind === 'year') payload[field.name] = value ? Number(value) : null;
    else payload[field.name] = value;
  }
  return payload;
}
