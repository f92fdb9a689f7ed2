import type { ReactNode } from 'react';

/** A home card's list, one row a record, or a sentence saying there is none. */
export default function DocList<T>({ docs, empty, children }: { docs: T[]; empty: string; children: (doc: T) => ReactNode }) {
  return docs.length ? (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">{docs.map((doc) => children(doc))}</ul>
  ) : (
    <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>
  );
}
