// One outline icon per application (`icon` of the catalogue, docs/applications.md), on a 24-px grid.
const PATHS: Record<string, string> = {
  coaching:
    'M8 10h8M8 14h5m-8 6 2.6-2.6a2 2 0 0 1 1.4-.6H18a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3H6a3 3 0 0 0-3 3v8a3 3 0 0 0 2 2.8V20Z',
};
const FALLBACK = 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z';

export const ApplicationIcon = ({ icon, className = 'size-8' }: { icon: string; className?: string }) => (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    className={className}
    fill="none"
    stroke="currentColor"
    strokeWidth="1.75"
  >
    <path strokeLinecap="round" strokeLinejoin="round" d={PATHS[icon] ?? FALLBACK} />
  </svg>
);
