import { apiClient, type TestServer } from '@ai-coaching/api/testing';
import { programContent } from '@ai-coaching/contracts';
import { expect } from 'vitest';

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
