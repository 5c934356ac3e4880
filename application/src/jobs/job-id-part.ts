import { z } from 'zod';

/** Ids that become part of a job id keep to the characters BullMQ accepts there (no ':'). */
export const JOB_ID_PART_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** A payload's id that becomes part of its job's id (`JOB_ID_PART_PATTERN`). */
export const jobIdPart = z.string().regex(JOB_ID_PART_PATTERN);
