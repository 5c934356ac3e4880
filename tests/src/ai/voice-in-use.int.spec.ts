import { BUILTIN_AI_MODEL_ID } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  aiProviderOperations as providers,
  aiSpeechVoiceOperations as voices,
  observerContent,
  personaContent,
  scenarioContent,
} from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';

// A speech voice cannot be deleted while a persona or a scenario speaks with it (docs/ai-providers.md, "Deleting"):
// their working copy, their published versions, archived items too; 409 `ai_voice_in_use` naming them, like
// providers and models. Platform-wide voices and an organization's own, deleted by whoever manages them.

const unique = (label: string) => `${label} ${newId().slice(-8)}`;
const personas = personaContent.operations;

await describeApi('[AI]: a voice in use cannot be deleted', (context) => {
  const a = { organizationId: '', operator: '', editor: '' };
  let operatorB = '';
  const { api } = context;

  /** A speech voice of a new Azure provider, platform-wide for a super-admin, the organization's otherwise. */
  const voice = async (token: string, displayName = unique('Sonia')) => {
    const provider = await api(token).call(providers.create, {
      body: { name: unique('Azure Speech'), kind: 'azure_microsoft', region: 'westeurope', enabled: true },
    });
    expect(provider.status).toBe(201);
    const made = await api(token).call(voices.create, {
      body: {
        provider_id: provider.body.id,
        voice_id: 'en-GB-SoniaNeural',
        display_name: displayName,
        languages: ['en-GB'],
      },
    });
    expect(made.status).toBe(201);
    return made.body.id;
  };
  const persona = async (voiceId: string | null) => {
    const made = await api(a.editor).call(personas.create, {
      body: { name: unique('Alex'), language: 'en-GB', voice_id: voiceId },
    });
    expect(made.status).toBe(201);
    return { id: made.body.id, name: made.body.name };
  };
  const remove = (token: string, id: string, language = 'en-GB') =>
    api(token).call(voices.delete, { params: { id } }, { headers: { 'accept-language': language } });

  beforeAll(async () => {
    a.organizationId = await createTestOrganization(context.server, unique('Acme'));
    a.operator = (await signInAs(context.server, { role: 'operator', organizationId: a.organizationId })).token;
    a.editor = (await signInAs(context.server, { role: 'editor', organizationId: a.organizationId })).token;
    const b = await createTestOrganization(context.server, unique('Beta'));
    operatorB = (await signInAs(context.server, { role: 'operator', organizationId: b })).token;
  }, 120_000);

  it('keeps a voice the published version speaks with after the working copy changed, archived too', async () => {
    const first = await voice(context.superAdmin.token);
    const second = await voice(context.superAdmin.token);
    const speaker = await persona(first);
    await api(a.editor).call(personas.publish, { params: { id: speaker.id } });
    await api(a.editor).call(personas.update, { params: { id: speaker.id }, body: { voice_id: second } });

    // The published version still speaks with the first voice, the working copy with the second.
    for (const id of [first, second]) {
      const refused = await remove(context.superAdmin.token, id);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'ai_voice_in_use',
        message: `This voice is still used by persona "${speaker.name}"; delete or change them first.`,
        details: { used_by: [{ kind: 'persona', id: speaker.id, name: speaker.name }] },
      });
    }
    // Archived, the persona can be restored and played again: its voices stay.
    const archived = await api(a.editor).call(personas.archive, { params: { id: speaker.id } });
    expect(archived.body.status).toBe('archived');
    expect((await remove(context.superAdmin.token, first)).status).toBe(409);

    // Once the persona is deleted, nothing uses them.
    expect((await api(a.editor).call(personas.delete, { params: { id: speaker.id } })).status).toBe(204);
    expect((await remove(context.superAdmin.token, first)).status).toBe(204);
    expect((await remove(context.superAdmin.token, second)).status).toBe(204);
  });

  it('names every persona and scenario that speaks with an organization’s own voice, in the caller’s language', async () => {
    const own = await voice(a.operator);
    const speaker = await persona(own);
    const coach = await api(a.editor).call(observerContent.operations.create, {
      body: {
        name: unique('Coach'),
        model_id: BUILTIN_AI_MODEL_ID,
        rubric: [{ name: 'Close', description: 'Asks', scale: '1_5', weight: 1, not_relevant_when: null }],
      },
    });
    const call = await api(a.editor).call(scenarioContent.operations.create, {
      body: {
        name: unique('Call'),
        persona_id: (await persona(null)).id,
        observer_ids: [coach.body.id],
        language: 'en-GB',
        model_id: BUILTIN_AI_MODEL_ID,
        voice_id: own,
      },
    });
    expect(call.status).toBe(201);

    const refused = await remove(a.operator, own, 'fr-FR');
    expect(refused.status).toBe(409);
    expect(refused.body.details?.used_by).toEqual([
      { kind: 'persona', id: speaker.id, name: speaker.name },
      { kind: 'scenario', id: call.body.id, name: call.body.name },
    ]);
    expect(refused.body.message).toBe(
      `Cette voix est encore utilisée par persona "${speaker.name}", scenario "${call.body.name}"\u00a0; supprimez-les ou modifiez-les d’abord.`,
    );
    // Another organization's operator does not even see it.
    expect((await remove(operatorB, own)).status).toBe(404);

    await api(a.editor).call(personas.update, { params: { id: speaker.id }, body: { voice_id: null } });
    await api(a.editor).call(scenarioContent.operations.update, {
      params: { id: call.body.id },
      body: { voice_id: null },
    });
    expect((await remove(a.operator, own)).status).toBe(204);
  });
});
