/** A person's name as the pages show it: first and last name, or the fallback when both are empty. */
export const fullName = (person: { firstname: string; lastname: string }, fallback = '') => `${person.firstname} ${person.lastname}`.trim() || fallback;
