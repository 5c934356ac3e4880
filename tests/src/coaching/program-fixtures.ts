import { starterLibraryItemId } from '@ai-coaching/application';
import { apiClient, createTestOrganization, signInAs, type TestServer } from '@ai-coaching/api/testing';
import { programContent } from '@ai-coaching/contracts';
import { expect } from 'vitest';
import { unique } from './session-fixtures.js';

/** The starter library's en-GB "hold the price" scenario, which every organization has. */
export const STARTER_PRICE_SCENARIO = starterLibraryItemId('scenario', 'price', 'en-GB');

type ProgramBody = {
  name: string;
  items: ({ scenario_id: string } | { playlist_id: string })[];
  pass_rule?: { min_score?: number; attempts?: number | null; counts?: 'best' | 'last'; in_order?: boolean };
};

/** A program made and published by `token`'s holder (an editor or operator): its id. */
export const publishedProgram = async (
  server: Pick<TestServer, 'url'>,
  token: string,
  body: ProgramBody,
): Promise<string> => {
  const api = apiClient(server, token);
  const created = await api.call(programContent.operations.create, { body });
  expect(created.status).toBe(201);
  const published = await api.call(programContent.operations.publish, { params: { id: created.body.id! } });
  expect(published.status).toBe(200);
  return created.body.id!;
};

/** A program of the starter "price" scenario alone, passed at a score of 70, published by `token`'s holder. */
export const publishedPriceProgram = (server: Pick<TestServer, 'url'>, token: string, name: string): Promise<string> =>
  publishedProgram(server, token, {
    name,
    items: [{ scenario_id: STARTER_PRICE_SCENARIO }],
    pass_rule: { min_score: 70 },
  });

/** A new organization with its operator, who has published a `publishedPriceProgram` named `programName`. */
export const organizationWithPriceProgram = async (server: TestServer, programName: string) => {
  const id = await createTestOrganization(server, unique('Acme'));
  const operator = (await signInAs(server, { role: 'operator', organizationId: id })).token;
  return { id, operator, programId: await publishedPriceProgram(server, operator, programName) };
};
