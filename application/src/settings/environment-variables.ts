import { checkEnvironmentVariableName, ConflictError, NotFoundError } from '@ai-coaching/domain';
import type { EnvironmentVariable, environmentVariableOperations, List, ParsedRequest } from '@ai-coaching/contracts';
import {
  deleteEnvironmentVariable,
  isServerEnvironmentName,
  listEnvironmentVariables as queryEnvironmentVariables,
  putEnvironmentVariable,
  secretEncryptionKeys,
  type EnvironmentVariable as StoredVariable,
} from '@ai-coaching/platform';
import type { AppServices, Origin } from '../app-services.js';

type Operations = typeof environmentVariableOperations;

const toVariable = (variable: StoredVariable): EnvironmentVariable => ({
  name: variable.name,
  value: variable.value,
  is_secret: variable.isSecret,
  description: variable.description,
  source: variable.source,
  updated_at: variable.updatedAt,
});

/** A name the variables may take: well-formed, and not one of the server configuration's (read-only). */
const checkManagedName = (services: AppServices, name: string) => {
  checkEnvironmentVariableName(name);
  if (isServerEnvironmentName(services.config, name)) {
    throw new ConflictError(
      'environment_variable_read_only',
      `${name} comes from the server configuration: change it where the server is deployed.`,
      { field: 'name' },
    );
  }
};

/**
 * The managed variables and the credential-free part of the server configuration, by name; the
 * server settings' descriptions in the caller's language.
 */
export const listEnvironmentVariables = async (
  services: AppServices,
  origin: Origin = {},
): Promise<List<EnvironmentVariable>> => {
  const items = (await queryEnvironmentVariables(services.db, services.config, origin.locale)).map(toVariable);
  return { items, total: items.length };
};

/** Creates or changes a variable; a secret value is sealed at rest and never answered. */
export const saveEnvironmentVariable = async (
  services: AppServices,
  origin: Origin,
  name: string,
  body: ParsedRequest<Operations['save']>['body'],
): Promise<EnvironmentVariable> => {
  checkManagedName(services, name);
  const keys = await secretEncryptionKeys(services);
  const variable = await putEnvironmentVariable(
    { db: services.db, keys },
    {
      name,
      value: body.value,
      isSecret: body.is_secret,
      description: body.description,
      by: origin.caller?.kind === 'user' ? origin.caller.userId : null,
    },
  );
  return toVariable(variable);
};

export const removeEnvironmentVariable = async (services: AppServices, name: string): Promise<void> => {
  checkManagedName(services, name);
  if (!(await deleteEnvironmentVariable(services.db, name))) {
    throw new NotFoundError('environment_variable_not_found', `There is no variable ${name}.`);
  }
};
