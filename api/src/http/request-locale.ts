import { negotiateLocale, type MessageLocale } from '@ai-coaching/contracts';
import type { ApiContext } from './context.js';

/**
 * The language to answer a request in: its `Accept-Language` (the client sends the interface's,
 * `fr-FR` or `en-GB`), else en-GB. Error messages, field issues and the texts some answers carry
 * (environment-variable descriptions, the sender's language of a mail) follow it.
 */
export const requestLocale = (ctx: Pick<ApiContext, 'get'>): MessageLocale =>
  negotiateLocale(ctx.get('accept-language'));
