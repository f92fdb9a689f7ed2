import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import type { CollectionName, UserProfile } from '../../../schema/contracts/profile';
import { actingForAtom } from '../../entities/accounts/acting';
import { useSyncSession } from '../../entities/accounts/use-sync-session';
import { signedInUserAtom } from '../../lib/session';
import Spinner from '../../ui/Spinner';
import AvatarUpload from './AvatarUpload';
import ChangePasswordSection from './ChangePasswordSection';
import CollectionSection from './CollectionSection';
import { collectionSpecs } from './collections';
import DangerZone from './DangerZone';
import DetailsForm from './DetailsForm';
import SectionCard from './SectionCard';
import SubjectsSection from './SubjectsSection';
import { useProfile } from './use-profile';

const roleLabel = (role: string) => role.charAt(0) + role.slice(1).toLowerCase();

/** The acting user's profile: details, photo, the sub-collections, and the password and account deletion for one's own account. */
export default function ProfilePage() {
  const user = useAtomValue(signedInUserAtom);
  const actingFor = useAtomValue(actingForAtom);
  const { load, update } = useProfile();
  const syncSession = useSyncSession();

  if (!user) return null;
  if (load.state !== 'ready') {
    return (
      <div className="mx-auto flex max-w-4xl items-center gap-3 px-4 py-16 text-slate-600 sm:px-6 dark:text-slate-400" role="status">
        {load.state === 'loading' ? (
          <>
            <Spinner /> Loading profile…
          </>
        ) : (
          'The profile could not be loaded. Reload the page to try again.'
        )}
      </div>
    );
  }
  const { profile } = load;
  const setCollection = (name: CollectionName | 'subjects') => (items: unknown[]) => update((p) => ({ ...p, [name]: items }) as UserProfile);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold text-brand-deep">{actingFor ? `${actingFor.firstname}’s profile` : 'Your profile'}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white" data-testid="profile-name">
            {profile.firstname} {profile.lastname}
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {roleLabel(profile.role.name)}
            {profile.email && ` · ${profile.email}`}
          </p>
        </div>
        <AvatarUpload profile={profile} onUploaded={(avatar) => update((p) => ({ ...p, avatar }))} />
      </div>

      <div className="mt-10 space-y-6">
        <SectionCard title="Personal details">
          <DetailsForm
            key={profile._id}
            profile={profile}
            onSaved={(saved) => {
              update(() => saved);
              syncSession(saved);
            }}
          />
        </SectionCard>
        {profile.role.name !== 'PARENT' && (
          <>
            <SubjectsSection items={profile.subjects} onChange={setCollection('subjects')} />
            {collectionSpecs
              .filter((spec) => !spec.tutorOnly || profile.role.name === 'TUTOR')
              .map((spec) => (
                <CollectionSection key={spec.name} spec={spec} items={profile[spec.name]} onChange={setCollection(spec.name)} />
              ))}
          </>
        )}
        {actingFor ? (
          <p className="rounded-2xl bg-slate-50 p-5 text-sm text-slate-600 ring-1 ring-slate-200 ring-inset dark:bg-slate-900 dark:text-slate-400 dark:ring-slate-800">
            You are editing {actingFor.firstname}’s profile. To delete your own account,{' '}
            <Link to="/manage-accounts" className="font-semibold text-brand-deep underline-offset-2 hover:underline">
              switch back to yourself
            </Link>{' '}
            first.
          </p>
        ) : (
          <>
            <ChangePasswordSection />
            <DangerZone isParent={user.role.name === 'PARENT'} />
          </>
        )}
      </div>
    </div>
  );
}
