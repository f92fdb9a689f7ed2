import { z } from 'zod';

/** Clients may send the page path URL-encoded (as the spec's shell does); it is matched decoded. */
function decodePath(path: string) {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** POST /api/meta-tags/get. Trailing slashes, queries and fragments do not make a different page. */
export const metaTagRequest = z.object({
  path: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(500)
    .transform(decodePath)
    .pipe(z.string().startsWith('/', 'must start with /'))
    .transform((path) => path.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1')),
});
export type MetaTagRequest = z.infer<typeof metaTagRequest>;

export const metaTagResponse = z.object({ title: z.string().nullable(), description: z.string().nullable() });
export type MetaTagResponse = z.infer<typeof metaTagResponse>;
