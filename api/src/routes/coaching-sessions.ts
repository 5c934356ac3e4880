import {
  briefCoachingScenario,
  changeCoachingSessionVoiceSettings,
  correctCoachingSessionAnalysisScore,
  deleteCoachingSession,
  listCoachingSessionRecordings,
  listCoachingSessionsOf,
  playCoachingSessionTurn,
  readCoachingSession,
  readCoachingSessionAnalysis,
  readCoachingSessionRecording,
  renameCoachingSession,
  rerunCoachingSessionAnalysis,
  startCoachingAnalysisRerun,
  startCoachingSession,
  stopCoachingSession,
} from '@ai-coaching/application';
import {
  coachingAnalysisRerunOperations as reruns,
  coachingSessionAnalysisOperations as analysis,
  coachingSessionOperations as op,
  coachingSessionRecordingOperations as recordings,
  coachingSessionVoiceOperations as voice,
} from '@ai-coaching/contracts';
import { deleteHandler, listHandler, readHandler, updateHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission, sharedSessionAccess } from '../http/route.js';

/** A guest's token opens the one session it names (`id`); users need the permission, as elsewhere. */
const guestOrPermission = (...anyOf: Parameters<typeof permission>) => sharedSessionAccess('id', ...anyOf);

// Reading another's session needs `coaching-session-check-other` as well; the use cases decide that, per session.
// Its analysis report is read by whoever reads the session; a re-run is a reviewer's correction of the report, so it
// needs `coaching-session-analysis-report-update` (editors and operators).
export const coachingSessionRoutes = [
  defineRoute(op.list, { access: permission('coaching-session-read'), handler: listHandler(listCoachingSessionsOf) }),
  defineRoute(op.briefing, {
    access: permission('coaching-scenario-read'),
    handler: readHandler(briefCoachingScenario),
  }),
  defineRoute(op.create, {
    access: permission('coaching-session-create'),
    handler: async ({ body, origin, services }) => ({
      status: 201,
      body: await startCoachingSession(services, origin, body),
    }),
    // Its name and the persona's greeting are the session's: the answer kept for retries goes with it.
    subjectOf: ({ body }) => body.id,
  }),
  defineRoute(op.read, {
    access: guestOrPermission('coaching-session-read'),
    handler: readHandler(readCoachingSession),
  }),
  defineRoute(op.rename, {
    access: permission('coaching-session-rename'),
    handler: updateHandler(renameCoachingSession),
  }),
  defineRoute(op.delete, {
    access: permission('coaching-session-delete'),
    handler: deleteHandler(deleteCoachingSession),
  }),
  defineRoute(op.turn, {
    access: guestOrPermission('coaching-session-run'),
    handler: updateHandler(playCoachingSessionTurn),
  }),
  defineRoute(op.end, {
    access: guestOrPermission('coaching-session-run'),
    handler: async ({ params, origin, services }) => ({
      body: await stopCoachingSession(services, origin, params.id, 'end'),
    }),
  }),
  defineRoute(op.abort, {
    access: guestOrPermission('coaching-session-run'),
    handler: async ({ params, origin, services }) => ({
      body: await stopCoachingSession(services, origin, params.id, 'abort'),
    }),
  }),
  // The player's own voice session (a guest's too: their role holds the permission, their token names the session).
  defineRoute(voice.updateSettings, {
    access: guestOrPermission('coaching-session-ai-voice-settings-edit'),
    handler: updateHandler(changeCoachingSessionVoiceSettings),
  }),
  // Recordings are the session's: whoever reads its result replays them.
  defineRoute(recordings.list, {
    access: guestOrPermission('coaching-session-read'),
    handler: readHandler(listCoachingSessionRecordings),
  }),
  defineRoute(recordings.audio, {
    access: guestOrPermission('coaching-session-read'),
    handler: async ({ params, origin, services }) => {
      const { wav } = await readCoachingSessionRecording(services, origin, params.id, params.recording_id);
      return {
        body: Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength),
        // Personal data: never kept by a shared cache, nor by the browser once the page is gone.
        headers: { 'Content-Type': 'audio/wav', 'Cache-Control': 'private, no-store' },
      };
    },
  }),
  defineRoute(analysis.analysis, {
    access: guestOrPermission('coaching-session-read'),
    handler: async ({ params, query, origin, services }) => ({
      body: await readCoachingSessionAnalysis(services, origin, params.id, query),
    }),
  }),
  defineRoute(analysis.rerunAnalysis, {
    access: permission('coaching-session-analysis-report-update'),
    handler: async ({ params, origin, services }) => ({
      status: 202,
      body: await rerunCoachingSessionAnalysis(services, origin, params.id),
    }),
  }),
  defineRoute(analysis.correctScore, {
    access: permission('coaching-session-analysis-report-update'),
    handler: async ({ params, body, origin, services, ctx }) => ({
      status: 201,
      body: await correctCoachingSessionAnalysisScore(services, origin, params.id, {
        ...body,
        idempotencyKey: ctx.get('idempotency-key'),
      }),
    }),
    // The report quotes the learner, and the comment judges them.
    subjectOf: ({ params }) => params.id,
  }),
  // Everyone's sessions of the organization: a reviewer of others' sessions; the use case asks for the correction
  // right as well (every role holding the first holds the second).
  defineRoute(reruns.start, {
    access: permission('coaching-session-check-other'),
    handler: async ({ body, origin, services, ctx }) => ({
      status: 202,
      body: await startCoachingAnalysisRerun(services, origin, { ...body, idempotencyKey: ctx.get('idempotency-key') }),
    }),
  }),
];
