import type { Permission } from '@ai-coaching/domain';
import type { ReactNode } from 'react';
import { canAll, useCurrentUser } from '../lib/session/session-context';

export type CanProps = {
  /** One permission or a list: the children show only when ALL are held (spec §6, the page directive). */
  permissions: Permission | readonly Permission[];
  children: ReactNode;
  fallback?: ReactNode;
};

export const Can = ({ permissions, children, fallback = null }: CanProps) =>
  canAll(useCurrentUser(), permissions) ? children : fallback;
