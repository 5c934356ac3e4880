// @xstate/react imports the `use-sync-external-store` shim, written for React before 18; React 19 has the hook itself.
export { useSyncExternalStore } from 'react';
