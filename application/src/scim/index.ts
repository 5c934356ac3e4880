// Provisioning by an identity provider over SCIM (docs/api/integrations.md, "SCIM"): the protocol is the API's
// adapter; these use cases run the users' and user groups' own use cases in the token's organization.
export * from './scim-users.js';
export * from './scim-groups.js';
