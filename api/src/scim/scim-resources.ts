import {
  deleteScimGroup,
  deleteScimUser,
  provisionScimGroup,
  provisionScimUser,
  replaceScimGroup,
  replaceScimUser,
  scimGroup,
  scimGroups,
  scimUser,
  scimUserByEmail,
  scimUserNameChanged,
  scimUsers,
  type Origin,
  type ScimGroupRecord,
  type ScimUserRecord,
} from '@ai-coaching/application';
import { isValidEmail } from '@ai-coaching/domain';
import SCIMMY from 'scimmy';
import type { ApiServices } from '../http/context.js';

/** What every handler of a request hears: the engines, who asks (the token's caller), and what failed outside SCIM. */
export type ScimContext = { services: ApiServices; origin: Origin; failure?: unknown };

/** The resources' paths inside the base URL; answers get the server's public URL in front (`meta.location`). */
export const SCIM_BASE_PATH = '/scim/v2';

type Attributes = Record<string, unknown>;

const invalidValue = (detail: string) => new SCIMMY.Types.Error(400, 'invalidValue', detail);

/**
 * Runs a use case for SCIMMY. SCIMMY answers any error that is not its own as a 404 ("Resource … not found"), so
 * anything else is kept aside and replaced by a SCIM error; the route throws the kept error again, for the API's
 * error handler to answer as it does everywhere (a domain rule in the caller's language, 503 for a store out of
 * reach), in SCIM's shape (`scimErrors`).
 */
const guarded = async <T>(context: ScimContext, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SCIMMY.Types.Error) throw error;
    context.failure = error;
    throw new SCIMMY.Types.Error(500, null as unknown as string, 'The request failed.');
  }
};

const nonEmpty = (value: string) => (value === '' ? undefined : value);

export const toScimUser = ({ user, externalId }: ScimUserRecord): Attributes => ({
  id: user.id,
  ...(externalId === null ? {} : { externalId }),
  userName: user.email,
  name: {
    givenName: nonEmpty(user.first_name),
    familyName: nonEmpty(user.last_name),
    formatted: nonEmpty(`${user.first_name} ${user.last_name}`.trim()),
  },
  displayName: nonEmpty(`${user.first_name} ${user.last_name}`.trim()) ?? user.email,
  emails: [{ value: user.email, type: 'work', primary: true }],
  preferredLanguage: user.locale,
  active: user.status !== 'disabled',
  meta: { created: user.created_at, lastModified: user.updated_at },
});

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** What a provider's user says, as the use cases take it: `userName` is the address, the names are optional. */
const scimUserInput = (data: Attributes) => {
  const email = (text(data['userName']) ?? '').trim();
  if (!isValidEmail(email)) throw invalidValue('userName must be the user’s email address.');
  const name = (data['name'] ?? {}) as Attributes;
  const [first = '', ...rest] = (text(name['formatted']) ?? text(data['displayName']) ?? '').split(/\s+/);
  return {
    email,
    firstName: text(name['givenName']) ?? first,
    lastName: text(name['familyName']) ?? rest.join(' '),
    active: data['active'] !== false,
    externalId: text(data['externalId']) ?? null,
  };
};

export const toScimGroup = ({ group, externalId }: ScimGroupRecord, emails: ReadonlyMap<string, string>) => ({
  id: group.id,
  ...(externalId === null ? {} : { externalId }),
  displayName: group.name,
  members: group.member_ids
    .filter((userId) => emails.has(userId))
    .map((userId) => ({ value: userId, display: emails.get(userId), type: 'User' })),
  meta: { created: group.created_at, lastModified: group.updated_at },
});

const scimGroupInput = (data: Attributes) => {
  const displayName = (text(data['displayName']) ?? '').trim();
  if (displayName === '') throw invalidValue('displayName is required.');
  const members = Array.isArray(data['members']) ? (data['members'] as Attributes[]) : [];
  return {
    displayName,
    memberIds: [...new Set(members.map((member) => text(member['value'])).filter((id) => id !== undefined))],
    externalId: text(data['externalId']) ?? null,
  };
};

const COMPARATORS = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'lt', 'ge', 'le']);

/** Whether a parsed filter holds a comparison without its value (`userName eq`), which SCIMMY lets through. */
const incomplete = (node: unknown): boolean => {
  if (Array.isArray(node)) {
    const parts: unknown[] = typeof node[0] === 'string' && node[0].toLowerCase() === 'not' ? node.slice(1) : node;
    if (typeof parts[0] === 'string' && COMPARATORS.has(parts[0].toLowerCase())) return parts.length < 2;
    return node.some(incomplete);
  }
  return typeof node === 'object' && node !== null && Object.values(node).some(incomplete);
};

const checkedFilter = (filter: SCIMMY.Types.Filter | undefined): SCIMMY.Types.Filter | undefined => {
  if (filter && incomplete([...filter])) {
    throw new SCIMMY.Types.Error(400, 'invalidFilter', 'Each comparison of the filter needs a value.');
  }
  return filter;
};

/** The one filter identity providers send before each creation, answered without reading the whole directory. */
const userNameEquals = (filter: SCIMMY.Types.Filter | undefined): string | undefined => {
  if (filter?.length !== 1) return undefined;
  const expression = filter[0] as Record<string, unknown>;
  const keys = Object.keys(expression);
  if (keys.length !== 1 || keys[0]!.toLowerCase() !== 'username') return undefined;
  const comparison = expression[keys[0]!];
  if (!Array.isArray(comparison) || comparison.length !== 2 || String(comparison[0]).toLowerCase() !== 'eq') {
    return undefined;
  }
  return typeof comparison[1] === 'string' ? comparison[1] : undefined;
};

const emailsOf = async (context: ScimContext): Promise<Map<string, string>> =>
  new Map((await scimUsers(context.services, context.origin)).map(({ user }) => [user.id, user.email]));

type Resource = SCIMMY.Types.Resource;

const userEgress = (resource: Resource, context: ScimContext) =>
  guarded(context, async () => {
    const { services, origin } = context;
    if (resource.id) return [toScimUser(await scimUser(services, origin, resource.id))];
    const email = userNameEquals(checkedFilter(resource.filter));
    if (email !== undefined) {
      const found = await scimUserByEmail(services, origin, email);
      return found ? [toScimUser(found)] : [];
    }
    const users = (await scimUsers(services, origin)).map(toScimUser);
    return resource.filter ? resource.filter.match(users) : users;
  });

const userIngress = (resource: Resource, data: Attributes, context: ScimContext) =>
  guarded(context, async () => {
    const { services, origin } = context;
    const input = scimUserInput(data);
    if (!resource.id) return toScimUser(await provisionScimUser(services, origin, input));
    const current = await scimUser(services, origin, resource.id);
    if (scimUserNameChanged(current, input.email)) {
      throw new SCIMMY.Types.Error(400, 'mutability', 'userName (the user’s email address) cannot change.');
    }
    return toScimUser(await replaceScimUser(services, origin, resource.id, input));
  });

const groupEgress = (resource: Resource, context: ScimContext) =>
  guarded(context, async () => {
    const { services, origin } = context;
    const emails = await emailsOf(context);
    if (resource.id) return [toScimGroup(await scimGroup(services, origin, resource.id), emails)];
    checkedFilter(resource.filter);
    const groups = (await scimGroups(services, origin)).map((group) => toScimGroup(group, emails));
    return resource.filter ? resource.filter.match(groups) : groups;
  });

const groupIngress = (resource: Resource, data: Attributes, context: ScimContext) =>
  guarded(context, async () => {
    const { services, origin } = context;
    const input = scimGroupInput(data);
    const record = resource.id
      ? await replaceScimGroup(services, origin, resource.id, input)
      : await provisionScimGroup(services, origin, input);
    return toScimGroup(record, await emailsOf(context));
  });

let declared = false;

/**
 * Declares the two resources with SCIMMY once per process: SCIMMY keeps them in static state, so each request's
 * services and caller travel in its context, never in the declaration.
 */
export const declareScimResources = (): void => {
  if (declared) return;
  declared = true;
  SCIMMY.Config.set({
    patch: true,
    filter: 200,
    sort: true,
    bulk: false,
    changePassword: false,
    etag: false,
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'SCIM token',
        description: 'A SCIM token of the organization (POST /v1/scim_tokens), as `Authorization: Bearer aic_…`.',
      },
    ],
  });
  SCIMMY.Resources.declare(SCIMMY.Resources.User, {
    basepath: SCIM_BASE_PATH,
    extensions: [{ schema: SCIMMY.Schemas.EnterpriseUser, required: false }],
    ingress: userIngress,
    egress: userEgress,
    degress: (resource: Resource, context: ScimContext) =>
      guarded(context, () => deleteScimUser(context.services, context.origin, resource.id!)),
  });
  SCIMMY.Resources.declare(SCIMMY.Resources.Group, {
    basepath: SCIM_BASE_PATH,
    ingress: groupIngress,
    egress: groupEgress,
    degress: (resource: Resource, context: ScimContext) =>
      guarded(context, () => deleteScimGroup(context.services, context.origin, resource.id!)),
  });
  // SCIMMY's own resources, which describe the two above: declared already, placed here.
  SCIMMY.Resources.ResourceType.basepath(SCIM_BASE_PATH);
  SCIMMY.Resources.Schema.basepath(SCIM_BASE_PATH);
  SCIMMY.Resources.ServiceProviderConfig.basepath(SCIM_BASE_PATH);
};
