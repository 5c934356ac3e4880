export * from './worker-jobs.js';
export * from './jobs/credits/expire-reservation.js';
export * from './jobs/credits/ledger-handler.js';
export * from './jobs/mail/send-mail.js';
export * from './jobs/mail/templates.js';
