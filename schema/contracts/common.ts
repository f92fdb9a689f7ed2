import { isValid, parse } from 'date-fns';
import { z } from 'zod';
import './messages';

/** Every 4xx body: a readable message plus one entry per offending field. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export const errorBody = z.object({ message: z.string(), errors: z.array(fieldErrorSchema) });
export type ErrorBody = z.infer<typeof errorBody>;

/** A 500 carries only a request id to quote to support, never a stack. */
export const serverErrorBody = z.object({ message: z.string(), requestId: z.string() });

/** A record's `_id` as a path or body value: ids are short opaque strings. */
export const recordId = z.string().trim().min(1).max(64);
/** The longest title of a course, template or section: long enough for a real name, short enough to fit a heading and a card. */
export const TITLE_MAX = 120;
/** A course, template or section title; the message reads after the field's label ("Title can be at most 120 characters."). */
export const titleText = z.string({ error: 'is required' }).trim().min(1, 'is required').max(TITLE_MAX, `can be at most ${TITLE_MAX} characters`);

/** The `/:id` path parameter of every record route. */
export const idParam = z.object({ id: recordId });

/**
 * Whether `day` is a real calendar day written YYYY-MM-DD ("2030-02-29" and "2030-13-01" are not). It never throws,
 * because zod runs a refine even when the pattern beside it has already failed.
 */
export const isCalendarDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && isValid(parse(day, 'yyyy-MM-dd', new Date(0)));

/** Whether Intl knows `value` as a time zone: an IANA name, aliases such as `UTC` included. */
export function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A query value listing some of `values` with commas, e.g. `ACTIVE,INACTIVE`. */
export const commaListOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values, { error: `must be a comma list of ${values.join(', ')}` })))
    .optional();

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_TEXT = 100;

/** Sort direction as the clients send it: words or the 1 / -1 of the original API. */
const sortValue = z.enum(['asc', 'desc', '1', '-1']).transform((value) => (value === 'desc' || value === '-1' ? ('desc' as const) : ('asc' as const)));

/** Query string of every list endpoint; routes extend it with their own filters. */
export const listQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).default(0),
    sortKey: z.string().trim().min(1).max(64).optional(),
    sortValue: sortValue.optional(),
    searchText: z.string().trim().max(MAX_SEARCH_TEXT).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.sortValue !== undefined && query.sortKey === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sortValue'], message: 'sortValue needs a sortKey' });
    }
  });
export type ListQuery = z.infer<typeof listQuery>;

export const listResponse = <T extends z.ZodType>(doc: T) =>
  z.object({ docs: z.array(doc), totalDocs: z.number().int(), limit: z.number().int(), offset: z.number().int() });
export interface ListResponse<T> {
  docs: T[];
  totalDocs: number;
  limit: number;
  offset: number;
}
