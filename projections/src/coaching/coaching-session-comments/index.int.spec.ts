import type { CoachingSessionCommentEvent, CoachingSessionEvent } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { at, seededReadModel } from '../../testing/read-model-spec.js';
import { coachingSessionCommentsProjection, findCoachingSessionComment, listCoachingSessionComments } from './index.js';

const added = (
  commentId: string,
  sessionId: string,
  day: number,
  more: Partial<Extract<CoachingSessionCommentEvent, { type: 'CoachingSessionCommentAdded' }>['data']> = {},
): CoachingSessionCommentEvent => ({
  type: 'CoachingSessionCommentAdded',
  data: {
    commentId,
    sessionId,
    organizationId: 'org-1',
    authorId: 'manager',
    authorRole: 'reviewer',
    body: `Comment ${commentId}`,
    turnIndex: null,
    visibility: 'learner',
    replyTo: null,
    addedAt: at(day),
    ...more,
  },
});

describe('coaching-session-comments read model', () => {
  const { db, reapplyTwice } = seededReadModel<CoachingSessionCommentEvent | CoachingSessionEvent>(
    coachingSessionCommentsProjection,
    async ({ append }) => {
      await append(
        'coaching-session-comments-s1',
        added('c1', 's1', 1, { turnIndex: 2 }),
        added('c2', 's1', 2, { visibility: 'managers' }),
        added('r1', 's1', 3, { authorId: 'learner', authorRole: 'learner', turnIndex: 2, replyTo: 'c1' }),
        {
          type: 'CoachingSessionCommentEdited',
          data: { commentId: 'c1', sessionId: 's1', body: 'Ask why first.', editedAt: at(4) },
        },
        added('c3', 's1', 5),
        added('r3', 's1', 6, { authorId: 'learner', authorRole: 'learner', replyTo: 'c3' }),
        { type: 'CoachingSessionCommentDeleted', data: { commentId: 'c3', sessionId: 's1', deletedAt: at(7) } },
      );
      await append('coaching-session-comments-s2', added('c4', 's2', 5));
      await append('coaching-session-s2', {
        type: 'CoachingSessionDeleted',
        data: { sessionId: 's2', deletedBy: 'u1', deletedAt: at(8) },
      });
    },
  );

  it('keeps a session’s comments oldest first, with their turn, thread and edit', async () => {
    const all = await listCoachingSessionComments(db, 's1', { learnerOnly: false });
    expect(all.map((comment) => comment.commentId)).toEqual(['c1', 'c2', 'r1']);
    expect(await findCoachingSessionComment(db, 'c1')).toMatchObject({
      body: 'Ask why first.',
      turnIndex: 2,
      createdAt: at(1),
      editedAt: at(4),
    });
    expect(await findCoachingSessionComment(db, 'r1')).toMatchObject({ replyTo: 'c1', authorRole: 'learner' });
  });

  it('lists for the learner only what is visible to them', async () => {
    const mine = await listCoachingSessionComments(db, 's1', { learnerOnly: true });
    expect(mine.map((comment) => comment.commentId)).toEqual(['c1', 'r1']);
  });

  it('forgets a deleted comment with its replies, and the comments of a deleted session', async () => {
    expect(await findCoachingSessionComment(db, 'c3')).toBeUndefined();
    expect(await findCoachingSessionComment(db, 'r3')).toBeUndefined();
    expect(await listCoachingSessionComments(db, 's2', { learnerOnly: false })).toEqual([]);
  });

  it('changes nothing when its events are applied again', async () => {
    await reapplyTwice();
    expect(await listCoachingSessionComments(db, 's1', { learnerOnly: false })).toHaveLength(3);
    expect(await findCoachingSessionComment(db, 'c1')).toMatchObject({ body: 'Ask why first.' });
  });
});
