import { Camera } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import type { UserProfile } from '../../../schema/contracts/profile';
import StudentAvatar from '../../entities/accounts/StudentAvatar';
import { secondaryButton } from '../../ui/classes';
import { useToast } from '../../ui/toast/use-toast';
import { AVATAR_TYPES, avatarProblem, uploadAvatar } from './upload-avatar';

/** The photo with a change button: a local preview at once, a progress bar while it uploads. */
export default function AvatarUpload({ profile, onUploaded }: { profile: UserProfile; onUploaded: (avatar: string) => void }) {
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const toast = useToast();

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const reason = avatarProblem(file);
    setProblem(reason);
    if (reason) return;
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const { avatar } = await uploadAvatar(file, setProgress);
      onUploaded(avatar);
      toast.success('Photo updated!');
    } catch (error) {
      toast.error(error);
    } finally {
      setPreview(null);
      setProgress(null);
    }
  }

  const uploading = progress !== null;
  const shown = { ...profile, avatar: preview ?? profile.avatar };
  return (
    <div className="flex items-center gap-4">
      <div className="relative">
        <StudentAvatar student={shown} />
        {uploading && <span className="absolute inset-0 rounded-full bg-white/40 dark:bg-slate-950/40" aria-hidden="true" />}
      </div>
      <div className="min-w-0">
        <label htmlFor={inputId} className={`${secondaryButton} cursor-pointer px-4 py-2 has-disabled:cursor-not-allowed has-disabled:opacity-60`}>
          <Camera className="size-4" aria-hidden="true" />
          {uploading ? 'Uploading…' : 'Change photo'}
          <input id={inputId} type="file" accept={AVATAR_TYPES.join(',')} className="sr-only" onChange={pick} disabled={uploading} data-testid="avatar-input" />
        </label>
        {uploading ? (
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="mt-2 h-1.5 w-40 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div className="h-full bg-brand transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
        ) : (
          <p
            className={`mt-1.5 text-xs ${problem ? 'text-rose-600 dark:text-rose-400' : 'text-slate-500 dark:text-slate-400'}`}
            role={problem ? 'alert' : undefined}
          >
            {problem ?? 'PNG, JPEG or WebP, up to 2 MB.'}
          </p>
        )}
      </div>
    </div>
  );
}
