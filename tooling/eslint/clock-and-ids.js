/**
 * Where the clock and id ports exist (routes, use cases, deciders), reading the wall clock or drawing randomness
 * directly would make answers untestable and replays differ; `deterministicId(...)` stays allowed: it derives.
 */
const clock =
  "use `services.clock.now()` (`nowIso(services)` for the ISO string); a decider takes the command's `metadata.now`";
const ids = 'use `services.ids.newId()` (or `deterministicId(...)` to derive one)';

const restrictedSyntax = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: `\`new Date()\` reads the wall clock: ${clock}.`,
  },
  {
    selector: "CallExpression[callee.name='Date']",
    message: `\`Date()\` reads the wall clock: ${clock}.`,
  },
  {
    selector: "MemberExpression[object.name='Date'][property.name='now']",
    message: `\`Date.now()\` reads the wall clock: ${clock}.`,
  },
  {
    selector: "MemberExpression[object.name='Math'][property.name='random']",
    message: `\`Math.random()\` draws outside the ports: ${ids}.`,
  },
  {
    selector: "CallExpression[callee.name='randomUUID'], MemberExpression[property.name='randomUUID']",
    message: `\`randomUUID()\` draws outside the ports: ${ids}.`,
  },
  {
    selector: "ImportDeclaration[source.value=/^@ai-coaching\\u002Fplatform/] > ImportSpecifier[imported.name='newId']",
    message: `\`newId\` from \`@ai-coaching/platform\` draws outside the ports: ${ids}.`,
  },
];

const specs = '**/*.spec.{ts,tsx}';

export const clockAndIdConfigs = () => [
  {
    files: ['api/src/routes/**/*.ts', 'application/src/**/*.ts', 'domain/src/**/*.ts'],
    ignores: [specs, 'application/src/testing/**'],
    rules: { 'no-restricted-syntax': ['error', ...restrictedSyntax] },
  },
];
