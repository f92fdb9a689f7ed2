import { useEffect, useState } from 'react';
import { useCan } from '../../entities/roles/admin-permissions';
import { ChoiceField } from '../../ui/fields';
import { courseCalls, type TemplateKey } from './api';

interface Props {
  value: Record<TemplateKey, string | null>;
  onChange: (key: TemplateKey, id: string | null) => void;
  errors: Record<string, string | undefined>;
}

const pickers = [
  { key: 'permissionTemplateId', label: 'Permission template', resource: 'adminCourse' },
  { key: 'pricingTemplateId', label: 'Pricing template', resource: 'pricingTemplates' },
] as const;

/** The course form's template pickers: the course takes its tutors' permissions and its price from the templates picked. */
export default function SettingTemplateFields({ value, onChange, errors }: Props) {
  const can = useCan();
  const shown = pickers.filter((picker) => can({ [picker.resource]: ['view'] }));
  const [choices, setChoices] = useState<Partial<Record<TemplateKey, { _id: string; name: string }[]>>>({});
  const keys = shown.map((picker) => picker.key).join('|');

  useEffect(() => {
    let live = true;
    for (const picker of pickers) {
      if (!keys.includes(picker.key)) continue;
      courseCalls
        .templateChoices(picker.key)
        .then((rows) => live && setChoices((current) => ({ ...current, [picker.key]: rows })))
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [keys]);

  if (shown.length === 0) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {shown.map(({ key, label }) => (
        <ChoiceField
          key={key}
          id={`course-${key}`}
          label={label}
          value={value[key] ?? ''}
          onChange={(e) => onChange(key, e.target.value || null)}
          error={errors[key]}
        >
          <option value="">None</option>
          {(choices[key] ?? []).map((row) => (
            <option key={row._id} value={row._id}>
              {row.name}
            </option>
          ))}
          {value[key] && !(choices[key] ?? []).some((row) => row._id === value[key]) && <option value={value[key]}>Current template (inactive)</option>}
        </ChoiceField>
      ))}
    </div>
  );
}
