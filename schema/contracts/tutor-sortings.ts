import { z } from 'zod';
import { bookingRulesInput, type EffectiveBookingRules } from './availability';
import { listQuery } from './common';

export const TUTOR_SORTING_UPDATED = 'Tutor sorting updated successfully!';

export const tutorSortingListQuery = listQuery.and(
  z.object({
    curriculum: z.string().trim().max(100).optional(),
    subject: z.string().trim().max(100).optional(),
    grade: z.string().trim().max(100).optional(),
  }),
);

export const tutorSortingInput = z.object({
  curriculum: z.string({ error: 'Choose a curriculum' }).trim().min(1, 'Choose a curriculum').max(100),
  subject: z.string({ error: 'Choose a subject' }).trim().min(1, 'Choose a subject').max(100),
  grade: z.string({ error: 'Choose a grade' }).trim().min(1, 'Choose a grade').max(100),
  /** Most preferred first; teaching tutors left out follow the listed ones. */
  tutorIds: z
    .array(z.string().min(1).max(64))
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, 'names a tutor twice'),
});
export type TutorSortingInput = z.input<typeof tutorSortingInput>;

export interface SortedTutor {
  _id: string;
  firstname: string;
  lastname: string;
  email: string | null;
  availabilityState: string | null;
}

/** One curriculum, subject and grade that tutors teach, with its tutors in trial order. */
export interface TutorSorting {
  _id: string | null;
  curriculum: string;
  subject: string;
  grade: string;
  tutors: SortedTutor[];
}

/** Tenant-wide booking guards; null means the platform default, shown beside it as `effective`. */
export const bookingDefaultsInput = bookingRulesInput;
export type BookingDefaultsInput = z.input<typeof bookingDefaultsInput>;

export interface BookingDefaults {
  rules: { [K in keyof EffectiveBookingRules]: number | null };
  effective: EffectiveBookingRules;
  platform: EffectiveBookingRules;
}
