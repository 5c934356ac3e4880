import { TextField, type TextFieldProps } from './ui/field';

export type AccountFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete' | 'required' | 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** The account's email where a person signs in or asks for a reset: what password managers fill as the username. */
export const AccountEmailField = ({ onValueChange, ...field }: AccountFieldProps) => (
  <TextField
    type="email"
    autoComplete="username"
    required
    onChange={(event) => onValueChange(event.target.value)}
    {...field}
  />
);

/** The account's current password, to sign in or to confirm a change: what password managers fill. */
export const CurrentPasswordField = ({ onValueChange, ...field }: AccountFieldProps) => (
  <TextField
    type="password"
    autoComplete="current-password"
    required
    onChange={(event) => onValueChange(event.target.value)}
    {...field}
  />
);
