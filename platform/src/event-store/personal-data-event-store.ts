import type { PersonalDataPolicy } from '@ai-coaching/domain';
import { decryptSecret, encryptSecret, type EncryptionKey } from '../crypto/encryption.js';
import { ensureDataKey, loadDataKeys, type DataKeyState } from '../crypto/personal-data-keys.js';
import type { SqlExecutor } from '../sql/sql-database.js';
import type { EventMetadata, EventStore, NewEvent, RecordedEvent } from './event-store.js';

/**
 * The personal-data layer around any event store (ADR 0015). On append, the strings the policy names in an event
 * are sealed with the subject's data key (AES-256-GCM, each bound to its event id and path) and the metadata says
 * so (`personalData: {subject, paths}`). On read they are opened again, so deciders and projections see plain
 * events. Once the subject's key is destroyed they read as '' and the event's metadata says `redacted: true`; an
 * event appended after the destruction is stored already redacted. The stored events are never rewritten.
 *
 * A value that was altered fails to open and the read throws `DecryptionError`: a projection stops on it rather
 * than showing a forged text.
 */
export type PersonalDataOptions = {
  db: SqlExecutor;
  /** The platform's secret keys (`secretEncryptionKeys`): the first wraps new data keys, any may unwrap. */
  masterKeys: () => Promise<readonly EncryptionKey[]>;
  policy: PersonalDataPolicy;
};

/** What the layer adds to an event's metadata; the paths are kept so a later change of policy never misreads. */
export type PersonalDataMetadata = { subject: string; paths: string[] };

/** The text a shredded personal string reads as. */
export const REDACTED_TEXT = '';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Replaces every string the path reaches, in place, with `change(value, concretePath)`; `concretePath` names array
 * elements by index so each sealed value is bound to its own place.
 */
const rewriteStrings = (
  target: unknown,
  path: string,
  change: (value: string, concretePath: string) => string,
): void => {
  const step = (node: unknown, segments: readonly string[], at: string) => {
    const [segment, ...rest] = segments;
    if (segment === undefined || !isRecord(node)) return;
    const many = segment.endsWith('[]');
    const field = many ? segment.slice(0, -2) : segment;
    const here = at ? `${at}.${field}` : field;
    const value = node[field];
    const visit = (child: unknown, childPath: string, put: (next: string) => void) => {
      if (rest.length === 0) {
        if (typeof child === 'string') put(change(child, childPath));
      } else step(child, rest, childPath);
    };
    if (many) {
      if (!Array.isArray(value)) return;
      value.forEach((element, index) =>
        visit(element, `${here}[${index}]`, (next) => {
          value[index] = next;
        }),
      );
    } else {
      visit(value, here, (next) => {
        node[field] = next;
      });
    }
  };
  step(target, path.split('.'), '');
};

const sealContext = (eventId: string, concretePath: string) => `personal_data:${eventId}:${concretePath}`;

const personalDataOf = (metadata: EventMetadata): PersonalDataMetadata | undefined => {
  const value = metadata.personalData;
  if (!isRecord(value) || typeof value.subject !== 'string' || !Array.isArray(value.paths)) return undefined;
  return { subject: value.subject, paths: value.paths.filter((path): path is string => typeof path === 'string') };
};

/** Seals (or, the key being destroyed, blanks) the personal strings of one event about to be stored. */
export const sealEvent = (event: NewEvent, subject: string, paths: readonly string[], key: DataKeyState): NewEvent => {
  const data = structuredClone(event.data);
  for (const path of paths) {
    rewriteStrings(data, path, (value, concretePath) =>
      key === 'destroyed' ? REDACTED_TEXT : encryptSecret(key, value, sealContext(event.id, concretePath)),
    );
  }
  const personalData: PersonalDataMetadata = { subject, paths: [...paths] };
  return {
    ...event,
    data,
    metadata: { ...event.metadata, personalData, ...(key === 'destroyed' ? { redacted: true } : {}) },
  };
};

/** Opens the personal strings of one stored event, or blanks them when its subject's key is gone. */
export const openEvent = (event: RecordedEvent, key: DataKeyState | undefined): RecordedEvent => {
  const personal = personalDataOf(event.metadata);
  if (!personal || event.metadata.redacted === true) return event;
  const data = structuredClone(event.data);
  for (const path of personal.paths) {
    rewriteStrings(data, path, (value, concretePath) =>
      key === undefined || key === 'destroyed'
        ? REDACTED_TEXT
        : decryptSecret([key], value, sealContext(event.id, concretePath)),
    );
  }
  const shredded = key === undefined || key === 'destroyed';
  return { ...event, data, metadata: shredded ? { ...event.metadata, redacted: true } : event.metadata };
};

/**
 * An event stored before this layer existed holds its personal strings in the clear, and cannot be rewritten. Once its
 * subject's key is destroyed it reads redacted all the same, so a deletion holds through the store for every session;
 * only the database's own copy of such an old event keeps the text.
 */
export const redactLegacyEvent = (event: RecordedEvent, paths: readonly string[]): RecordedEvent => {
  const data = structuredClone(event.data);
  for (const path of paths) rewriteStrings(data, path, () => REDACTED_TEXT);
  return { ...event, data, metadata: { ...event.metadata, redacted: true } };
};

export const withPersonalData = (inner: EventStore, options: PersonalDataOptions): EventStore => {
  const { db, policy } = options;

  const subjectOfNew = (event: NewEvent): { subject: string; paths: readonly string[] } | undefined => {
    const rule = policy.rules[event.type];
    if (!rule || !isRecord(event.data)) return undefined;
    const subject = policy.subjectOf(event.data);
    if (subject === undefined) throw new Error(`Event ${event.type} names no subject for its personal data.`);
    return { subject, paths: rule.paths };
  };

  // The organization a new key belongs to: the one an event of that subject names, else its first stored event's.
  const organizationOf = async (subject: string, events: readonly NewEvent[]): Promise<string> => {
    for (const event of events) {
      if (!isRecord(event.data) || typeof event.data.organizationId !== 'string') continue;
      if (policy.subjectOf(event.data) === subject) return event.data.organizationId;
    }
    const [first] = await inner.readStream(policy.originStreamOf(subject), { maxCount: 1 });
    if (first && isRecord(first.data) && typeof first.data.organizationId === 'string') {
      return first.data.organizationId;
    }
    throw new Error(`No organization is known for the personal data of ${subject}.`);
  };

  const keysFor = async (subjects: readonly string[]) =>
    subjects.length === 0 ? new Map<string, DataKeyState>() : loadDataKeys(db, await options.masterKeys(), subjects);

  // Whose key an event read needs: the one its metadata names, or for an event stored in the clear before this layer,
  // the one the policy names (to know whether it was shredded since).
  const subjectOfRecorded = (event: RecordedEvent): { subject: string; legacy?: readonly string[] } | undefined => {
    const sealed = personalDataOf(event.metadata);
    if (sealed) return { subject: sealed.subject };
    const rule = policy.rules[event.type];
    const subject = rule && isRecord(event.data) ? policy.subjectOf(event.data) : undefined;
    return rule && subject !== undefined ? { subject, legacy: rule.paths } : undefined;
  };

  const open = async (events: RecordedEvent[], openOnly?: readonly string[]): Promise<RecordedEvent[]> => {
    const wanted = openOnly ? new Set(openOnly) : undefined;
    const found = events.map((event) => (!wanted || wanted.has(event.type) ? subjectOfRecorded(event) : undefined));
    const subjects = found.flatMap((entry) => entry?.subject ?? []);
    if (subjects.length === 0) return events;
    const keys = await keysFor(subjects);
    return events.map((event, index) => {
      const entry = found[index];
      if (!entry) return event;
      const key = keys.get(entry.subject);
      if (entry.legacy) return key === 'destroyed' ? redactLegacyEvent(event, entry.legacy) : event;
      return openEvent(event, key);
    });
  };

  return {
    kind: inner.kind,

    async appendToStream(streamId, events, appendOptions) {
      const personal = events.map(subjectOfNew);
      const subjects = [...new Set(personal.flatMap((found) => found?.subject ?? []))];
      if (subjects.length === 0) return inner.appendToStream(streamId, events, appendOptions);
      const keys = await keysFor(subjects);
      for (const subject of subjects) {
        if (keys.has(subject)) continue;
        const organizationId = await organizationOf(subject, events);
        keys.set(subject, await ensureDataKey(db, await options.masterKeys(), { subjectId: subject, organizationId }));
      }
      const sealed = events.map((event, index) => {
        const found = personal[index];
        return found ? sealEvent(event, found.subject, found.paths, keys.get(found.subject)!) : event;
      });
      return inner.appendToStream(streamId, sealed, appendOptions);
    },

    async readStream(streamId, readOptions) {
      return open(await inner.readStream(streamId, readOptions));
    },

    async readAll(readOptions) {
      return open(await inner.readAll(readOptions), readOptions.openOnly);
    },

    headPosition: () => inner.headPosition(),
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
};
