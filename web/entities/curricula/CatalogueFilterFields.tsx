import type { CurriculumListItem } from '../../../schema/contracts/learning';
import SelectField from '../../ui/SelectField';
import { gradesOf, subjectsOf } from './catalogue';

type CatalogueKey = 'curriculum' | 'subject' | 'grade';

const options = (values: string[]) => values.map((v) => ({ value: v, label: v }));

/** Curriculum, subject and grade filters; a subject waits for a curriculum and a grade for a subject. */
export function CatalogueFilterFields({
  idPrefix,
  catalogue,
  filters,
  set,
}: {
  idPrefix: string;
  catalogue: CurriculumListItem[];
  filters: Record<CatalogueKey, string>;
  set: (key: CatalogueKey) => (value: string) => void;
}) {
  return (
    <>
      <SelectField
        id={`${idPrefix}-curriculum`}
        label="Curriculum"
        value={filters.curriculum}
        onChange={(e) => set('curriculum')(e.target.value)}
        options={options(catalogue.map((c) => c.curriculum))}
        placeholder="All"
      />
      <SelectField
        id={`${idPrefix}-subject`}
        label="Subject"
        disabled={!filters.curriculum}
        value={filters.subject}
        onChange={(e) => set('subject')(e.target.value)}
        options={options(subjectsOf(catalogue, filters.curriculum).map((s) => s.subject))}
        placeholder="All"
      />
      <SelectField
        id={`${idPrefix}-grade`}
        label="Grade"
        disabled={!filters.subject}
        value={filters.grade}
        onChange={(e) => set('grade')(e.target.value)}
        options={options(gradesOf(catalogue, filters.curriculum, filters.subject))}
        placeholder="All"
      />
    </>
  );
}
