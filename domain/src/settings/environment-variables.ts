import { ValidationError } from '../shared/errors.js';

/** Capital letters, digits and "_", starting with a letter; at most 64 characters. */
export const ENVIRONMENT_VARIABLE_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;
export const ENVIRONMENT_VARIABLE_VALUE_MAX = 4096;
export const ENVIRONMENT_VARIABLE_DESCRIPTION_MAX = 500;

/** Throws `environment_variable_name_invalid` (on `name`) unless the name follows the rule. */
export const checkEnvironmentVariableName = (name: string): void => {
  if (!ENVIRONMENT_VARIABLE_NAME.test(name)) {
    throw new ValidationError(
      'environment_variable_name_invalid',
      'A name has capital letters, digits and "_", starts with a letter, and has at most 64 characters.',
      { field: 'name' },
    );
  }
};
