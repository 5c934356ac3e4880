import { describe, expect, it } from 'vitest';
import { effectiveMailSender } from './mail-sender.js';

const settings = (operatorName = '', mailSenderName = '', mailReplyTo = '') => ({
  operatorName,
  mailSenderName,
  mailReplyTo,
});
const MAIL_FROM = 'AI-Coaching <no-reply@coach.test>';

describe('[MAIL]: the sender an organization’s mail carries', () => {
  it('takes the organization’s own sender name and reply-to first', () => {
    expect(
      effectiveMailSender(
        settings('Acme HR', 'Acme Academy', 'help@acme.test'),
        settings('', 'Platform', 'p@x.test'),
        MAIL_FROM,
      ),
    ).toEqual({ senderName: 'Acme Academy', fromAddress: 'no-reply@coach.test', replyTo: 'help@acme.test' });
  });

  it('falls back to the operator display name, then the platform defaults, then MAIL_FROM', () => {
    expect(effectiveMailSender(settings('Acme HR'), settings('', 'Platform', 'p@x.test'), MAIL_FROM)).toEqual({
      senderName: 'Acme HR',
      fromAddress: 'no-reply@coach.test',
      replyTo: 'p@x.test',
    });
    expect(effectiveMailSender(settings(), settings('', 'Platform'), MAIL_FROM)).toMatchObject({
      senderName: 'Platform',
      replyTo: null,
    });
    expect(effectiveMailSender(undefined, undefined, MAIL_FROM)).toMatchObject({ senderName: 'AI-Coaching' });
    expect(effectiveMailSender(undefined, undefined, '"Coach, Inc." <hi@coach.test>')).toEqual({
      senderName: 'Coach, Inc.',
      fromAddress: 'hi@coach.test',
      replyTo: null,
    });
    expect(effectiveMailSender(undefined, undefined, 'bare@coach.test')).toEqual({
      senderName: 'AI-Coaching',
      fromAddress: 'bare@coach.test',
      replyTo: null,
    });
  });
});
