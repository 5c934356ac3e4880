import { createTestOrganization, describeApi, signIn, signInAs, TEST_PASSWORD } from '@ai-coaching/api/testing';
import {
  environmentVariableOperations,
  userGroupOperations,
  userOperations,
  type ErrorBody,
  type OperationRequest,
} from '@ai-coaching/contracts';
import { USER_NAME_MAX } from '@ai-coaching/domain';
import { newId } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';

const ADMIN_EMAIL = 'admin@localhost.localdomain';
const FRENCH = { 'accept-language': 'fr-FR' };
const ENGLISH = { 'accept-language': 'en-GB' };

type Invitation = OperationRequest<typeof userOperations.invite>['body'];

const issueOf = (body: Partial<ErrorBody>, path: string) =>
  body.details?.issues?.find((issue) => issue.path === path)?.message;

await describeApi(
  "[I18N]: the API answers errors in the caller's language",
  (context) => {
    let organizationId: string;
    let operator: string;
    let admin: string;
    const { api } = context;
    const invitation = (fields: Partial<Invitation> = {}): Invitation => ({
      email: `i18n-${newId().slice(-12)}@example.test`,
      first_name: 'Ada',
      last_name: 'Lovelace',
      organization_id: organizationId,
      organization_role: 'user',
      ...fields,
    });
    const invite = (body: Invitation, headers?: Record<string, string>) =>
      api(operator).call(userOperations.invite, { body }, headers ? { headers } : {});

    beforeAll(async () => {
      organizationId = await createTestOrganization(context.server, 'Acme');
      operator = (await signInAs(context.server, { role: 'operator', organizationId })).token;
      admin = await signIn(context.server, ADMIN_EMAIL, TEST_PASSWORD);
    }, 90_000);

    it('answers a refused field in French when asked in French, and in English by default', async () => {
      const tooLong = invitation({ first_name: 'A'.repeat(USER_NAME_MAX + 1), email: 'not-an-address' });
      const french = await invite(tooLong, FRENCH);
      expect(french.status).toBe(400);
      expect(french.headers.get('content-language')).toBe('fr-FR');
      expect(french.body.code).toBe('invalid_request');
      expect(french.body.message).toBe('Certains champs sont manquants ou invalides. Corrigez-les puis réessayez.');
      expect(issueOf(french.body, 'first_name')).toBe(
        `Trop long\u00a0: saisissez au plus ${USER_NAME_MAX} caractères.`,
      );
      expect(issueOf(french.body, 'email')).toBe('Saisissez une adresse e-mail valide.');

      for (const headers of [undefined, ENGLISH]) {
        const english = await invite(tooLong, headers);
        expect(english.status).toBe(400);
        expect(english.body.message).toBe('Some fields are missing or invalid. Correct them and try again.');
        expect(english.headers.get('content-language')).toBe('en-GB');
        // A too-long name is too long: it is not "missing", and the message says so.
        expect(issueOf(english.body, 'first_name')).toBe(`Too long: use at most ${USER_NAME_MAX} characters.`);
        expect(issueOf(english.body, 'first_name')).not.toMatch(/enter|fill in/i);
        expect(issueOf(english.body, 'email')).toBe('Enter a valid email address.');
      }
    });

    it('says a missing first name is missing, in each language', async () => {
      const { first_name: _left, ...missing } = invitation();
      const french = await api(operator).send('POST', userOperations.invite.path, { body: missing, headers: FRENCH });
      expect(issueOf(french.body, 'first_name')).toBe('Renseignez ce champ.');
      const blank = await invite(invitation({ first_name: '   ' }));
      expect(issueOf(blank.body, 'first_name')).toBe('Fill in this field.');
    });

    it('translates domain errors by their code: email_taken names its field in French', async () => {
      const taken = invitation();
      expect((await invite(taken)).status).toBe(201);

      const french = await invite(invitation({ email: taken.email }), FRENCH);
      expect(french.status).toBe(409);
      expect(french.body).toEqual({
        code: 'email_taken',
        message: 'Un autre compte utilise déjà cette adresse e-mail.',
        details: { issues: [{ path: 'email', message: 'Un autre compte utilise déjà cette adresse e-mail.' }] },
      });

      const english = await invite(invitation({ email: taken.email }));
      expect(english.body).toEqual({
        code: 'email_taken',
        message: 'Another account already uses this email address.',
        details: { issues: [{ path: 'email', message: 'Another account already uses this email address.' }] },
      });
    });

    it('translates the parameters a message carries (a group name too long for the decider)', async () => {
      const answer = await api(operator).call(
        userGroupOperations.update,
        { params: { id: 'no-such-group' }, body: { name: 'Renamed' } },
        { headers: FRENCH },
      );
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Ce groupe d’utilisateurs n’existe pas.');
    });

    it('answers the guards and the router in French: 401, 404, unknown fields and malformed JSON', async () => {
      const signedOut = await api().send('GET', '/v1/users', { headers: FRENCH });
      expect(signedOut.status).toBe(401);
      expect(signedOut.body).toEqual({ code: 'unauthorized', message: 'Connectez-vous pour continuer.' });

      const nowhere = await api().send('GET', '/v1/nowhere', { headers: FRENCH });
      expect(nowhere.body).toEqual({ code: 'not_found', message: 'Rien n’existe à cette adresse.' });

      const unknown = await api(operator).send('POST', userOperations.invite.path, {
        body: { ...invitation(), nickname: 'Ada' },
        headers: FRENCH,
      });
      expect(issueOf(unknown.body, 'nickname')).toMatch(/^Non accepté ici\u00a0; utilisez email, first_name/);

      const broken = await api(operator).send('POST', userOperations.invite.path, {
        body: '{"email":',
        headers: FRENCH,
      });
      expect(broken.body).toEqual({
        code: 'invalid_json',
        message: 'Le corps de la requête n’est pas du JSON valide.',
      });
    });

    it('reads a browser’s Accept-Language list by weight, and answers English for a language it does not speak', async () => {
      const signedOut = (acceptLanguage: string) =>
        api().send('GET', '/v1/users', { headers: { 'accept-language': acceptLanguage } });
      expect((await signedOut('fr-CA,fr;q=0.9,en;q=0.8')).body.message).toBe('Connectez-vous pour continuer.');
      expect((await signedOut('en;q=0.4,fr;q=0.9')).body.message).toBe('Connectez-vous pour continuer.');
      expect((await signedOut('de-DE,de;q=0.9')).body.message).toBe('Sign in to continue.');
      expect((await signedOut('*')).body.message).toBe('Sign in to continue.');
    });

    it('describes the server settings of /env in the caller’s language', async () => {
      const french = await api(admin).call(environmentVariableOperations.list, {}, { headers: FRENCH });
      expect(french.status).toBe(200);
      const nodeEnv = (body: typeof french.body) => body.items?.find((item) => item.name === 'NODE_ENV');
      expect(nodeEnv(french.body)?.description).toBe('Mode d’exécution.');
      const english = await api(admin).call(environmentVariableOperations.list, {});
      expect(nodeEnv(english.body)?.description).toBe('Runtime mode.');
    });
  },
  { env: { PUBLIC_URL: 'http://app.test' } },
);
