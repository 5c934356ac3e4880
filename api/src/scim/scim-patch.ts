/**
 * What identity providers send that RFC 7644 does not say, made into what it says before SCIMMY reads it (Microsoft
 * documents Entra ID's deviations: docs/api/integrations.md, "SCIM"):
 * - booleans as strings: `{"op": "Replace", "path": "active", "value": "False"}`;
 * - members removed by value: `{"op": "Remove", "path": "members", "value": [{"value": "id"}]}`, which by the RFC
 *   would remove every member, means those members only (`members[value eq "id"]`).
 * The operations' names are compared without case by SCIMMY already (`Replace`, `Add`).
 */
type Operation = { op?: unknown; path?: unknown; value?: unknown };

const BOOLEAN_ATTRIBUTES = new Set(['active']);

const booleanOf = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const lower = value.trim().toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : value;
};

const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : undefined);

const withBooleans = (operation: Operation): Operation => {
  const path = lower(operation.path);
  if (path !== undefined) {
    return BOOLEAN_ATTRIBUTES.has(path) ? { ...operation, value: booleanOf(operation.value) } : operation;
  }
  if (typeof operation.value !== 'object' || operation.value === null || Array.isArray(operation.value)) {
    return operation;
  }
  const value = Object.fromEntries(
    Object.entries(operation.value).map(([key, item]) => [
      key,
      BOOLEAN_ATTRIBUTES.has(key.toLowerCase()) ? booleanOf(item) : item,
    ]),
  );
  return { ...operation, value };
};

const quoted = (id: string) => JSON.stringify(id);

const membersRemovedByValue = (operation: Operation): Operation[] => {
  if (lower(operation.op) !== 'remove' || lower(operation.path) !== 'members' || !Array.isArray(operation.value)) {
    return [operation];
  }
  const ids = (operation.value as { value?: unknown }[])
    .map((member) => member?.value)
    .filter((id): id is string => typeof id === 'string');
  return ids.map((id) => ({ op: 'remove', path: `members[value eq ${quoted(id)}]` }));
};

export const normalizePatch = (body: unknown): unknown => {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { Operations?: unknown }).Operations)) {
    return body;
  }
  const operations = (body as { Operations: Operation[] }).Operations;
  return {
    ...body,
    Operations: operations.flatMap((operation) =>
      typeof operation === 'object' && operation !== null
        ? membersRemovedByValue(withBooleans(operation))
        : [operation],
    ),
  };
};
