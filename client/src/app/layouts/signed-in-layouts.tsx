// The layouts of signed-in pages, in one lazily loaded chunk (layout-switch.tsx).
export { CoachingLayout } from './coaching-layout';
export { DefaultAppLayout } from './default-app-layout';
