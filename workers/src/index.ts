export * from './worker-jobs.js';
export * from './jobs/credits/expire-reservation.handler.js';
export * from './jobs/identity/send-password-reset.handler.js';
export * from './jobs/mail/send-mail.handler.js';
export * from './jobs/mail/templates.js';
export * from './jobs/analysis/analyse-observer.handler.js';
export * from './jobs/analysis/rerun-analyses.handler.js';
export * from './jobs/session/expire-time-limit.handler.js';
