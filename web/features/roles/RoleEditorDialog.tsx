import { Save } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import type { PermissionMap } from '../../../schema/contracts/permissions';
import PermissionGrid from '../../entities/roles/PermissionGrid';
import { fieldErrorsOf, issuesByField } from '../../lib/form-errors';
import { primaryButton, secondaryButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { ChoiceField, TextAreaField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { roleCalls } from './api';
import { type RoleItem, type RoleKind } from './role-kinds';

interface Form {
  name: string;
  description: string;
  status: 'ACTIVE' | 'INACTIVE';
  permissions: PermissionMap;
}

const blank: Form = { name: '', description: '', status: 'ACTIVE', permissions: {} };

/**
 * Creates a role (`editing` null), edits one, or shows one read-only (`readOnly`: the built-in Admin role, or a
 * reader who may not edit); the same zod schema as the API checks the form first.
 */
export default function RoleEditorDialog({
  kind,
  open,
  editing,
  readOnly = false,
  onClose,
  onSaved,
}: {
  kind: RoleKind;
  open: boolean;
  editing: RoleItem | null;
  readOnly?: boolean;
  onClose: () => void;
  onSaved: (role: RoleItem, created: boolean) => void;
}) {
  const [form, setForm] = useState<Form>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const builtInLocked = Boolean(editing?.builtIn && kind.builtInLocked);
  const locked = Boolean(editing && readOnly) || builtInLocked;

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setForm(editing ? { name: editing.name, description: editing.description, status: editing.status ?? 'ACTIVE', permissions: editing.permissions } : blank);
  }, [open, editing]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = kind.hasStatus ? form : { name: form.name, description: form.description, permissions: form.permissions };
    const parsed = kind.schema.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await roleCalls.save(kind, editing?._id, parsed.data);
      toast.success(`${kind.noun} ${editing ? 'updated' : 'created'}!`);
      onSaved(saved, !editing);
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(error);
    } finally {
      setSaving(false);
    }
  }

  const permissionError = Object.entries(errors).find(([path]) => path === 'permissions' || path.startsWith('permissions.'));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? (locked ? `${kind.noun}: ${editing.name}` : `Edit ${kind.noun.toLowerCase()}`) : `New ${kind.noun.toLowerCase()}`}
      wide
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        {builtInLocked && (
          <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
            The built-in Admin role always holds every permission, so nobody can lock your organisation out of its admin area.
          </p>
        )}
        <fieldset disabled={locked} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <TextField
            id="role-name"
            label="Name"
            required
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            error={errors.name}
            maxLength={60}
          />
          {kind.hasStatus && (
            <ChoiceField
              id="role-status"
              label="Status"
              value={form.status}
              onChange={(e) => setForm({ ...form, status: e.target.value as Form['status'] })}
              error={errors.status}
            >
              <option value="ACTIVE">Active</option>
              <option value="INACTIVE">Inactive</option>
            </ChoiceField>
          )}
          <TextAreaField
            id="role-description"
            label="Description"
            rows={2}
            maxLength={300}
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
            error={errors.description}
            className="sm:col-span-2"
          />
        </fieldset>
        <PermissionGrid
          catalogue={kind.catalogue}
          value={form.permissions}
          onChange={(permissions) => setForm({ ...form, permissions })}
          disabled={locked}
          error={permissionError ? `${permissionError[0].replace(/^permissions\.?/, '') || 'Permissions'}: ${permissionError[1]}` : undefined}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose}>
            {locked ? 'Close' : 'Cancel'}
          </button>
          {!locked && (
            <button type="submit" className={primaryButton} disabled={saving}>
              {saving ? <Spinner className="size-4" /> : <Save className="size-4" aria-hidden="true" />}
              {editing ? 'Save changes' : `Create ${kind.noun.toLowerCase()}`}
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
