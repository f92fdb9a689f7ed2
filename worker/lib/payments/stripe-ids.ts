/** An object Stripe names in an event: its id as a string, or the object itself when the field was expanded. */
export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
