import { OUTCOME_MARKERS } from './vocabulary.js';

const MARKERS = Object.keys(OUTCOME_MARKERS);

/** The longest end of `text` that could still grow into a marker ("…deal. [[WI"). */
const markerPrefixAtEnd = (text: string): number => {
  for (
    let length = Math.min(text.length, Math.max(...MARKERS.map((marker) => marker.length)) - 1);
    length > 0;
    length--
  ) {
    const tail = text.slice(-length);
    if (MARKERS.some((marker) => marker.startsWith(tail))) return length;
  }
  return 0;
};

const withoutMarkers = (text: string) => MARKERS.reduce((rest, marker) => rest.split(marker).join(''), text);

/**
 * The persona's reply as learners may see it while it streams: outcome markers never show, even when a provider
 * splits one across deltas. What could still be the start of a marker is held back until the next delta tells, so
 * the concatenated output is the reply without its markers. `flush` gives what was held once the stream ended.
 */
export const createVisibleReplyStream = () => {
  let held = '';
  return {
    push(delta: string): string {
      const text = withoutMarkers(held + delta);
      const keep = markerPrefixAtEnd(text);
      held = text.slice(text.length - keep);
      return text.slice(0, text.length - keep);
    },
    flush(): string {
      const rest = withoutMarkers(held);
      held = '';
      return rest;
    },
  };
};
