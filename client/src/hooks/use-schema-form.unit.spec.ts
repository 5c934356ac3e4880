import { userGroupOperations, userOperations } from '@ai-coaching/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/http/api-error';
import { errorsByField, firstErrorWithin, schemaIssues, splitApiError, withoutField } from './use-schema-form';

describe('schema forms', () => {
  it('describes what the shared schema refused in the user’s language, field by field, with the API’s own texts', () => {
    const create = userGroupOperations.create.body;
    const values = { name: '  ', organization_id: 'org-1', description: 'x'.repeat(2001) };
    expect(errorsByField(schemaIssues(create, values, 'en-GB'))).toEqual({
      name: 'Fill in this field.',
      description: 'Too long: use at most 2,000 characters.',
    });
    expect(errorsByField(schemaIssues(create, values, 'fr-FR'))).toEqual({
      name: 'Renseignez ce champ.',
      description: 'Trop long\u00a0: saisissez au plus 2\u202f000 caractères.',
    });
  });

  it('tells a too-long value from a missing one: a form’s own “fill in” words are for missing values only', () => {
    const invite = userOperations.invite.body;
    const required = { first_name: 'Enter a first name: the invitation greets the person by it.' };
    const base = { email: 'ada@example.test', last_name: '', organization_id: 'org-1', organization_role: 'user' };
    const tooLong = errorsByField(schemaIssues(invite, { ...base, first_name: 'A'.repeat(101) }, 'en-GB', required));
    expect(tooLong).toEqual({ first_name: 'Too long: use at most 100 characters.' });
    const missing = errorsByField(schemaIssues(invite, { ...base, first_name: ' ' }, 'en-GB', required));
    expect(missing).toEqual({ first_name: required.first_name });
  });

  it('names email problems and short values', () => {
    const schema = z.object({ email: z.email(), code: z.string().min(8) });
    expect(schemaIssues(schema, { email: 'nope', code: 'abc' }, 'fr-FR').map((issue) => issue.message)).toEqual([
      'Saisissez une adresse e-mail valide.',
      'Trop court\u00a0: saisissez au moins 8 caractères.',
    ]);
  });

  it('finds a list’s errors on its parts, and forgets them when the list changes', () => {
    const errors = { 'rubric.1.name': 'Fill in this field.', rubric_note: 'Other field', title: 'Too long' };
    expect(firstErrorWithin(errors, 'rubric')).toBe('Fill in this field.');
    expect(firstErrorWithin(errors, 'title')).toBe('Too long');
    expect(firstErrorWithin(errors, 'goal')).toBeNull();
    expect(withoutField(errors, 'rubric')).toEqual({ rubric_note: 'Other field', title: 'Too long' });
  });

  it('keeps the first message of a field the API refused twice', () => {
    expect(
      errorsByField([
        { path: 'name', message: 'first' },
        { path: 'name', message: 'second' },
        { path: 'metadata.plan', message: 'nested' },
      ]),
    ).toEqual({ name: 'first', 'metadata.plan': 'nested' });
  });

  it('puts the API’s issues next to the fields a form shows, and the rest in its alert', () => {
    const error = new ApiError(400, 'invalid_request', 'Certains champs sont manquants ou invalides.', {
      issues: [
        { path: 'email', message: 'Un autre compte utilise déjà cette adresse e-mail.' },
        { path: 'locale', message: 'Choisissez parmi\u00a0: en-GB, fr-FR.' },
      ],
    });
    expect(splitApiError(error, ['email', 'first_name'])).toEqual({
      fields: { email: 'Un autre compte utilise déjà cette adresse e-mail.' },
      rest: true,
    });
    expect(splitApiError(error, ['email', 'locale']).rest).toBe(false);
    expect(splitApiError(new ApiError(409, 'user_disabled', 'Ce compte est désactivé.'), ['email'])).toEqual({
      fields: {},
      rest: true,
    });
  });
});
