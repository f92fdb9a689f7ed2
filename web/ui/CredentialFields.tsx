import type { ComponentProps } from 'react';
import TextField from './TextField';

type FieldProps = Omit<ComponentProps<typeof TextField>, 'type'>;

/** A required email address, with the email keyboard on phones and the browser's address autofill. */
export function EmailField(props: FieldProps) {
  return <TextField type="email" autoComplete="email" inputMode="email" required {...props} />;
}

/** A required password; its autoComplete says whether it is the current one or a new one. */
export function PasswordField(props: FieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  return <TextField type="password" required {...props} />;
}
