import type { Logger } from '../logging/logger.js';
import { createBullmqJobQueue } from './bullmq-job-queue.js';
import { createInProcessJobQueue } from './in-process-job-queue.js';
import type { JobQueue } from './job-queue.js';

export type CreateJobQueueOptions = {
  /** With a Redis URL jobs are durable and shared between processes; without, they live in this process. */
  redisUrl?: string;
  logger: Logger;
};

export const createJobQueue = ({ redisUrl, logger }: CreateJobQueueOptions): JobQueue =>
  redisUrl ? createBullmqJobQueue({ redisUrl, logger }) : createInProcessJobQueue({ logger });
