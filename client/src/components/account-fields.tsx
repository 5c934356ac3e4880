import { TextField, type TextFieldProps } from './ui/field';

export type AccountFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete' | 'required' | 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** A required field whose type and autocomplete tell password managers which of the account's secrets it holds. */
const accountField =
  (type: 'email' | 'password', autoComplete: 'username' | 'current-password' | 'new-password') =>
  ({ onValueChange, ...field }: AccountFieldProps) => (
    <TextField
      type={type}
      autoComplete={autoComplete}
      required
      onChange={(event) => onValueChange(event.target.value)}
      {...field}
    />
  );

/** The account's email where a person signs in or asks for a reset: what password managers fill as the username. */
export const AccountEmailField = accountField('email', 'username');

/** The account's current password, to sign in or to confirm a change: what password managers fill. */
export const CurrentPasswordField = accountField('password', 'current-password');

/** A new password or its confirmation: what password managers offer to generate and then save. */
export const NewPasswordField = accountField('password', 'new-password');
