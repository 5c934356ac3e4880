import { passwordResetLinkOperations as op } from '../../../lib/http/contract-routes';
import { api } from '../../../lib/http/api';

/** Mails the user a link to choose a new password; the previous link stops working. */
export const sendResetLink = (userId: string) => api.call(op.send, { params: { user_id: userId } });
