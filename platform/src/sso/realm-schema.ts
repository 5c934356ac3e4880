import { ssoRealmSettingsSchema, type SsoRealmSettings } from '@ai-coaching/domain';
import { z } from 'zod';

// The realm settings rule lives in the domain, shared with the API's contract; the platform adds
// the parsing of `SSO_REALMS` and keeps exporting the rule for its own modules.
export {
  SSO_PROVISIONED_ROLES,
  isLoopbackHttpIssuer,
  ssoRealmNameSchema,
  ssoRealmSettingsSchema,
  type SsoProvisionedRole,
  type SsoRealmSettings,
} from '@ai-coaching/domain';

const SSO_REALMS_SHAPE =
  'a JSON array of realms {name, issuer, client_id, client_secret, organization_id, default_role?}';

/**
 * `SSO_REALMS`: a JSON array of realm settings. Messages name the realm and the field at fault but
 * never quote the text: it holds client secrets (and V8's JSON errors would quote a snippet).
 */
export const ssoRealmsJsonSchema = z.string().transform((text, ctx): SsoRealmSettings[] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: `${SSO_REALMS_SHAPE}; the value is not valid JSON` });
    return z.NEVER;
  }
  const result = z.array(ssoRealmSettingsSchema).safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const [index, field] = issue.path;
    const where =
      typeof index === 'number' ? `realm #${index + 1}${field === undefined ? '' : ` field ${String(field)}`}: ` : '';
    const expected = issue.code === 'unrecognized_keys' ? `no other fields than ${SSO_REALMS_SHAPE}` : issue.message;
    ctx.addIssue({ code: 'custom', message: `${SSO_REALMS_SHAPE}; ${where}${expected}` });
    return z.NEVER;
  }
  const names = result.data.map((realm) => realm.name);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) {
    ctx.addIssue({ code: 'custom', message: `${SSO_REALMS_SHAPE}; the realm name "${duplicate}" appears twice` });
    return z.NEVER;
  }
  return result.data;
});
