import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN, apiToken } from './session.js';

/** Arranges data through the API as the seeded super-admin, for screens that need something to show. */
export type Seeder = {
  token: string;
  organization(name: string, credits?: number): Promise<string>;
  user(organizationId: string, person: { email: string; first_name: string; last_name?: string }): Promise<string>;
  group(organizationId: string, name: string): Promise<string>;
  allocate(target: 'users' | 'user_groups', id: string, credits: number): Promise<void>;
  addMember(groupId: string, userId: string): Promise<void>;
};

export const seeder = async (api: APIRequestContext): Promise<Seeder> => {
  const token = await apiToken(api, ADMIN.email, ADMIN.password);
  let key = 0;
  const post = async (path: string, data: unknown) => {
    const response = await api.post(path, {
      data,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `seed-${Date.now()}-${key++}` },
    });
    expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as { id: string };
  };
  return {
    token,
    async organization(name, credits = 0) {
      const { id } = await post('/v1/organizations', { name });
      if (credits > 0) await post(`/v1/organizations/allocate_credit/${id}`, { nb_credits: credits });
      return id;
    },
    async user(organizationId, person) {
      const { id } = await post('/v1/users', {
        ...person,
        organization_id: organizationId,
        organization_role: 'user',
      });
      return id;
    },
    async group(organizationId, name) {
      return (await post('/v1/user_groups', { name, organization_id: organizationId })).id;
    },
    async allocate(target, id, credits) {
      await post(`/v1/${target}/allocate_credit/${id}`, { nb_credits: credits });
    },
    async addMember(groupId, userId) {
      await post(`/v1/user_groups/add_member/${groupId}`, { user_id: userId });
    },
  };
};
