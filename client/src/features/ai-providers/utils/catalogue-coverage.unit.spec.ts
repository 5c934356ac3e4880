import {
  AI_CALL_ERROR_CODES,
  AI_CAPABILITIES,
  AI_PROVIDER_KINDS,
  AI_VOICE_GENDERS,
  SESSION_LANGUAGES,
} from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import enGb from '../../../locales/en-GB/ai-providers.json';
import frFr from '../../../locales/fr-FR/ai-providers.json';

// The screens name every value of the domain's vocabularies through these catalogues: a kind, capability, language,
// gender or call error code added to the domain must get its words here, or the screen would show a raw key.
describe.each([
  ['en-GB', enGb],
  ['fr-FR', frFr],
] as const)('AI provider texts in %s', (_locale, catalogue) => {
  it('should name and describe every provider kind', () => {
    for (const kind of AI_PROVIDER_KINDS) {
      expect(catalogue.kinds[kind], kind).toBeTruthy();
      expect(catalogue.kindDescriptions[kind], kind).toBeTruthy();
    }
  });

  it('should give every test failure a cause and what to do next', () => {
    for (const code of AI_CALL_ERROR_CODES) {
      expect(catalogue.test.causes[code], code).toBeTruthy();
      expect(catalogue.test.next[code], code).toBeTruthy();
    }
  });

  it('should name every capability, language and gender', () => {
    for (const capability of AI_CAPABILITIES) expect(catalogue.models.capability[capability]).toBeTruthy();
    for (const language of SESSION_LANGUAGES) expect(catalogue.voices.language[language]).toBeTruthy();
    for (const gender of AI_VOICE_GENDERS) expect(catalogue.voices.genders[gender]).toBeTruthy();
  });
});
