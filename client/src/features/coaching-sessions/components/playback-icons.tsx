// The replay's play and pause marks: the result page's transcript shows them before the recording panel has loaded.

export const PlayIcon = ({ size = 16 }: { size?: number }) => (
  <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 16 16" fill="currentColor">
    <path d="M4 2.5v11a.5.5 0 0 0 .77.42l8.5-5.5a.5.5 0 0 0 0-.84l-8.5-5.5A.5.5 0 0 0 4 2.5Z" />
  </svg>
);

export const PauseIcon = ({ size = 16 }: { size?: number }) => (
  <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 16 16" fill="currentColor">
    <rect x="3.5" y="2.5" width="3" height="11" rx="0.75" />
    <rect x="9.5" y="2.5" width="3" height="11" rx="0.75" />
  </svg>
);
