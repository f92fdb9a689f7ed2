import { useEffect, useState } from 'react';
import { fullName } from '../../lib/people';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { smallButton } from '../../ui/classes';
import { ChoiceField } from '../../ui/fields';
import { SearchField } from '../../ui/SearchField';
import { useToast } from '../../ui/toast/use-toast';
import { courseCalls, type DropdownUser, PEOPLE_PAGE } from './api';

/**
 * The student or tutor to add: a name search the server filters, and a list of the first matches with "Show more"
 * when there are more, so a tenant with thousands of students never loads them all into one list.
 */
export function PersonChoice({
  kind,
  value,
  error,
  onChange,
}: {
  kind: 'student' | 'tutor';
  value: string;
  error?: string;
  onChange: (userId: string) => void;
}) {
  const toast = useToast();
  const [typed, setTyped] = useState('');
  const name = useDebouncedValue(typed.trim());
  const [people, setPeople] = useState<DropdownUser[] | null>(null);
  const [more, setMore] = useState(false);
  const [search, setSearch] = useState({ name: '', offset: 0 });

  // A new search starts again from its first matches.
  useEffect(() => setSearch((current) => (current.name === name ? current : { name, offset: 0 })), [name]);

  useEffect(() => {
    const controller = new AbortController();
    courseCalls
      .people(kind === 'student' ? 'STUDENT' : 'TUTOR', search, controller.signal)
      .then((found) => {
        setPeople((shown) => (search.offset === 0 ? found : [...(shown ?? []), ...found]));
        setMore(found.length === PEOPLE_PAGE);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setPeople((shown) => shown ?? []);
        toast.error(e);
      });
    return () => controller.abort();
  }, [kind, search, toast]);

  const label = kind === 'student' ? 'Student' : 'Tutor';
  return (
    <div className="space-y-3">
      <SearchField id="person-search" value={typed} onChange={setTyped} placeholder={`${label}'s name`} />
      <ChoiceField id="person" label={label} value={value} onChange={(e) => onChange(e.target.value)} error={error} disabled={!people}>
        <option value="">{!people ? 'Loading…' : people.length ? 'Choose…' : `No ${kind} matches “${search.name}”`}</option>
        {people?.map((p) => (
          <option key={p._id} value={p._id}>
            {fullName(p)} {p.email ? `(${p.email})` : ''}
          </option>
        ))}
      </ChoiceField>
      {more && (
        <button type="button" className={smallButton} onClick={() => setSearch({ name: search.name, offset: people?.length ?? 0 })}>
          Show more {kind}s
        </button>
      )}
    </div>
  );
}
