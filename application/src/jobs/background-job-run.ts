import { z } from 'zod';
import { jobIdPart } from './job-id-part.js';

/**
 * The payload of a queue job that works through a background job (docs/background-jobs.md): the background job and
 * its organization. What it works through is fixed on the background job at its start, so the payload names no more.
 */
export const backgroundJobRunPayloadSchema = z.object({ organizationId: jobIdPart, jobId: jobIdPart });

export type BackgroundJobRunPayload = z.infer<typeof backgroundJobRunPayloadSchema>;
