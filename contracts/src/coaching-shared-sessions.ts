import {
  GUEST_DISPLAY_NAME_MAX,
  SESSION_LANGUAGES,
  SHARED_SESSION_LABEL_MAX,
  SHARED_SESSION_MAX_USES,
} from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idParams, idSchema, text } from './http/fields.js';
import { listQuery, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';

// Share links of a scenario and the guests' way in (issue 13, docs/shared-sessions.md).

const paidBy = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('user'), user_id: text() }),
  z.strictObject({ type: z.literal('user_group'), user_group_id: text() }),
]);

export const sharedSessionSchema = z.strictObject({
  id: text(),
  scenario_id: text(),
  /** The scenario's name as published, '' when it is no longer published. */
  scenario_name: text(),
  label: text(),
  expires_at: text(),
  max_uses: z.number().int(),
  uses: z.number().int(),
  paid_by: paidBy,
  created_by: text(),
  created_at: text(),
  revoked_at: text().nullable(),
  /** `active` takes new guests; the others refuse them. */
  status: z.enum(['active', 'expired', 'used_up', 'revoked']),
  /** The code in the link; the server keeps only its hash and derives it again for its sharer. */
  access_code: text(),
  /** The page a guest opens: `/shared/ai-coaching-session/{access_code}`. */
  url: text(),
});
export type SharedSession = z.infer<typeof sharedSessionSchema>;

/** What a visitor of a link sees before joining: the scenario, not the link's owner or wallet. */
export const sharedSessionPageSchema = z.strictObject({
  label: text(),
  expires_at: text(),
  scenario: z.strictObject({
    name: text(),
    description: text(),
    image_id: text().nullable(),
    language: z.enum(SESSION_LANGUAGES),
    mode: z.enum(['text', 'voice']),
  }),
  persona: z.strictObject({
    name: text(),
    avatar_image_id: text().nullable(),
    job_title: text(),
    company: text(),
  }),
  mission: z.strictObject({ title: text(), briefing: text(), goal: text() }).nullable(),
  time_limit_seconds: z.number().int(),
});
export type SharedSessionPage = z.infer<typeof sharedSessionPageSchema>;

export const sharedSessionJoinSchema = z.strictObject({
  /** A guest token for this one session: spec §4, it replaces the visitor's own token, which is kept aside. */
  access_token: text(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  session_id: text(),
});

/**
 * What the guest of a session may do next with the link they came through (issue 23): play again while it takes
 * guests, else a last page naming who offered the practice. Nothing of the wallet or the other guests.
 */
export const sharedSessionGuestLinkSchema = z.strictObject({
  /** `active`: the link takes another guest; the others refuse them, as for `sharedSessionSchema`. */
  status: z.enum(['active', 'expired', 'used_up', 'revoked']),
  /** Guests the link still takes; 0 unless `active`. */
  uses_left: z.number().int(),
  /** The code of the link's page, to start again (the guest opened it already); null unless `active`. */
  access_code: text().nullable(),
  /** The sharer's organization: who offered the practice. */
  organization_name: text(),
});
export type SharedSessionGuestLink = z.infer<typeof sharedSessionGuestLinkSchema>;

const codeParams = z.object({ access_code: text().min(1).max(128) });
const unavailable = {
  description:
    '`shared_session_unavailable`: the code is wrong, expired, revoked or used up — one answer for all, so a code says nothing about itself.',
};

export const sharedSessionOperations = defineOperations(
  { name: 'sharedSessions', tag: 'Shared sessions' },
  {
    list: {
      method: 'GET',
      path: '/v1/coaching/shared_sessions',
      summary: 'The caller’s share links, newest first by default; operators see their organization’s with `scope`.',
      query: listQuery({ scope: z.enum(['mine', 'organization']).optional() }),
      responses: { 200: { description: 'A page of links with their uses.', schema: pageOf(sharedSessionSchema) } },
    },
    create: {
      method: 'POST',
      path: '/v1/coaching/shared_sessions',
      summary:
        'Share a published scenario through a link: a label, an expiry, a number of uses, and whose wallet pays (the sharer’s own by default, or a group the sharer may allocate from).',
      body: closed(
        z.object({
          scenario_id: idSchema,
          label: text().trim().min(1).max(SHARED_SESSION_LABEL_MAX),
          expires_at: z.iso.datetime({ offset: true }),
          max_uses: z.number().int().min(1).max(SHARED_SESSION_MAX_USES),
          paid_by: z
            .discriminatedUnion('type', [
              z.strictObject({ type: z.literal('user') }),
              z.strictObject({ type: z.literal('user_group'), user_group_id: idSchema }),
            ])
            .optional(),
        }),
      ),
      responses: {
        201: { description: 'The link, with its access code and URL.', schema: sharedSessionSchema },
        400: { description: '`invalid_request`, `invalid_shared_session_expiry`…, the field named.' },
        404: { description: '`coaching_item_not_found` (the scenario), `user_group_not_found`.' },
        403: { description: '`forbidden`: a group the caller may not allocate from.' },
      },
    },
    read: {
      method: 'GET',
      path: '/v1/coaching/shared_sessions/:id',
      summary: 'One of the caller’s links.',
      params: idParams,
      responses: {
        200: { description: 'The link.', schema: sharedSessionSchema },
        404: { description: '`shared_session_not_found`.' },
      },
    },
    revoke: {
      method: 'DELETE',
      path: '/v1/coaching/shared_sessions/:id',
      summary: 'Revoke a link: it takes no new guest, and the sessions guests are still playing through it end.',
      params: idParams,
      responses: {
        204: { description: 'Revoked (again: nothing changes).' },
        404: { description: '`shared_session_not_found`.' },
      },
    },
    page: {
      method: 'GET',
      path: '/v1/shared/ai-coaching-session/:access_code',
      summary: 'Public: what the page of a link shows before a visitor joins.',
      params: codeParams,
      responses: {
        200: { description: 'The scenario, persona and mission.', schema: sharedSessionPageSchema },
        404: unavailable,
        429: { description: '`too_many_requests`: too many attempts from this address.' },
      },
    },
    join: {
      method: 'POST',
      path: '/v1/shared/ai-coaching-session/:access_code/join',
      summary:
        'Public: start a guest’s session of the link’s scenario, paid by the link’s wallet, and answer a guest token for it.',
      params: codeParams,
      body: closed(
        z.object({
          display_name: text().trim().min(1).max(GUEST_DISPLAY_NAME_MAX),
          accept_terms: z.literal(true),
        }),
      ),
      responses: {
        201: { description: 'The guest token and the new session.', schema: sharedSessionJoinSchema },
        404: unavailable,
        409: {
          description:
            '`shared_session_wallet_empty`: the wallet the link names cannot pay another session; its sharer is told by mail.',
        },
        429: { description: '`too_many_requests`: too many starts for this link or from this address.' },
      },
    },
    guestLink: {
      method: 'GET',
      path: '/v1/coaching/sessions/:id/shared_link',
      summary:
        'For the guest of this session (their token names it): whether the link they came through takes another guest, and the sharer’s organization.',
      params: idParams,
      responses: {
        200: { description: 'The link as its guest may use it.', schema: sharedSessionGuestLinkSchema },
        403: { description: '`forbidden`: not the guest of this session (users read links through the list).' },
        404: { description: '`coaching_session_not_found`: no guest’s session with this id for this guest.' },
      },
    },
  },
);
