import type { ReactNode } from 'react';
import { AppFrame } from './default-app-layout';
import { COACHING_NAV } from './side-nav';

/** Spec §2 "coaching app" (sidebar and top bar) and "coaching without sidebar" (session results). */
export const CoachingLayout = ({ children, sidebar }: { children: ReactNode; sidebar: boolean }) => (
  <AppFrame nav={sidebar ? COACHING_NAV : null} footer={false}>
    {children}
  </AppFrame>
);
