/**
 * Which strings of which events are personal data, and whose. The event store's personal-data layer (platform,
 * ADR 0015) seals them with the subject's own key on append and opens them on read; once the subject's key is
 * destroyed they read as '' with the event's metadata flagged `redacted`, while the events themselves are never
 * rewritten (crypto-shredding).
 *
 * Paths are dotted field names of the event's data; `name[]` steps into every element of an array
 * (`criteria[].evidence[].quote`, `wentWell[]`). A path that finds no string is skipped.
 */
export type PersonalDataRule = {
  paths: readonly string[];
};

export type PersonalDataPolicy = {
  /** Event type → where its personal strings are. Types not listed carry none. */
  readonly rules: Readonly<Record<string, PersonalDataRule>>;
  /** Whose data an event of a listed type is: the id its key is stored under. */
  subjectOf(data: Readonly<Record<string, unknown>>): string | undefined;
  /**
   * The organization a subject belongs to, when the event creating its key does not name one (`organizationId` in
   * its data): the stream whose first event does.
   */
  originStreamOf(subjectId: string): string;
};
