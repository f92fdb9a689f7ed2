import type { CourseTutorType, TutorTypePermissions } from '../../../schema/contracts/course-templates';
import { courseTutorTypes } from '../../../schema/contracts/courses';
import { courseRoleCatalogue } from '../../../schema/contracts/permissions';
import PermissionGrid from '../../entities/roles/PermissionGrid';
import { ChoiceField } from '../../ui/fields';

export const tutorTypeWords: Record<CourseTutorType, string> = { PRIMARY: 'Primary tutors', SUBSTITUTE: 'Substitute tutors', TRIAL: 'Trial tutors' };

interface Props {
  id: string;
  value: TutorTypePermissions;
  onChange: (next: TutorTypePermissions) => void;
  errors: Record<string, string | undefined>;
}

/**
 * A permission template's map: for each type of course tutor, either their own tutor role (the type is left out) or
 * the course actions ticked here.
 */
export default function TutorTypePermissionsField({ id, value, onChange, errors }: Props) {
  const setType = (type: CourseTutorType, permissions: TutorTypePermissions[CourseTutorType] | undefined) => {
    const next = { ...value };
    if (permissions) next[type] = permissions;
    else delete next[type];
    onChange(next);
  };

  return (
    <div className="space-y-4 sm:col-span-2">
      {errors.permissions && <p className="text-sm text-rose-600 dark:text-rose-400">{errors.permissions}</p>}
      {courseTutorTypes.map((type) => {
        const own = value[type];
        const error = Object.entries(errors).find(([path]) => path.startsWith(`permissions.${type}`));
        return (
          <section key={type} aria-label={tutorTypeWords[type]} className="space-y-2 rounded-xl p-3 ring-1 ring-slate-200 dark:ring-slate-800">
            <ChoiceField
              id={`${id}-${type}`}
              label={tutorTypeWords[type]}
              value={own ? 'SET' : 'ROLE'}
              onChange={(e) => setType(type, e.target.value === 'SET' ? {} : undefined)}
            >
              <option value="ROLE">Keep their own tutor role</option>
              <option value="SET">Only the actions ticked below</option>
            </ChoiceField>
            {own && (
              <PermissionGrid
                catalogue={courseRoleCatalogue}
                value={own}
                onChange={(permissions) => setType(type, permissions)}
                error={error?.[1] ? `${error[0].replace(`permissions.${type}.`, '')}: ${error[1]}` : undefined}
              />
            )}
          </section>
        );
      })}
    </div>
  );
}
