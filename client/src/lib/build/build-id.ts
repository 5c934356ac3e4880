/** This bundle's build id; the future version poller compares it with /build/latest.json. */
export const CURRENT_BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'development';
