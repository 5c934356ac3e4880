import { coachingPersonalData } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { DecryptionError, randomEncryptionKey } from '../crypto/encryption.js';
import type { NewEvent, RecordedEvent } from './event-store.js';
import { encodePosition } from './global-position.js';
import { openEvent, REDACTED_TEXT, redactLegacyEvent, sealEvent } from './personal-data-event-store.js';

const SESSION = 'session-1';
const report: NewEvent = {
  id: '0b6f3c1e-7a0e-4d1a-9d55-1d0b1c1e0a01',
  type: 'CoachingSessionObserverReportRecorded',
  data: {
    sessionId: SESSION,
    version: 1,
    observerId: 'observer-1',
    criteria: [
      { name: 'Listening', score: 4, evidence: [{ turnId: 't1', quote: 'I hear you, Mrs Dupont' }] },
      { name: 'Closing', score: null, evidence: [] },
    ],
    wentWell: ['Asked about the budget'],
    toImprove: ['Name the next step'],
    summary: 'A warm call with Mrs Dupont.',
    score: 70,
  },
  metadata: { occurredAt: '2026-11-25T10:00:00.000Z' },
};
const paths = coachingPersonalData.rules[report.type]!.paths;

const recorded = (event: NewEvent): RecordedEvent => ({
  id: event.id,
  type: event.type,
  streamId: `coaching-session-analysis-${SESSION}`,
  revision: 0n,
  position: encodePosition(1n, 1n),
  data: event.data,
  metadata: event.metadata ?? {},
  recordedAt: new Date('2026-11-25T10:00:00.000Z'),
});

const PLAINTEXTS = [
  'I hear you, Mrs Dupont',
  'Asked about the budget',
  'Name the next step',
  'A warm call with Mrs Dupont.',
];

describe('personal data sealed in events', () => {
  it('seals every personal string and opens them back to the very event', () => {
    const key = randomEncryptionKey();
    const sealed = sealEvent(report, SESSION, paths, key);
    const stored = JSON.stringify(sealed);
    for (const text of PLAINTEXTS) expect(stored).not.toContain(text);
    // What is not personal stays readable: scores, names of criteria, ids.
    expect(sealed.data).toMatchObject({ score: 70, criteria: [{ name: 'Listening', score: 4 }, { name: 'Closing' }] });
    expect(sealed.metadata).toMatchObject({ personalData: { subject: SESSION, paths: [...paths] } });

    const opened = openEvent(recorded(sealed), key);
    expect(opened.data).toEqual(report.data);
    expect(opened.metadata.redacted).toBeUndefined();
  });

  it('never changes the event it was given', () => {
    const before = structuredClone(report);
    sealEvent(report, SESSION, paths, randomEncryptionKey());
    expect(report).toEqual(before);
  });

  it('refuses a sealed value that was altered', () => {
    const key = randomEncryptionKey();
    const sealed = sealEvent(report, SESSION, paths, key);
    const data = sealed.data as { summary: string };
    const parts = data.summary.split('.');
    const ciphertext = Buffer.from(parts[3]!, 'base64url');
    ciphertext[0] = ciphertext[0]! ^ 1;
    parts[3] = ciphertext.toString('base64url');
    const tampered = { ...sealed, data: { ...data, summary: parts.join('.') } };
    expect(() => openEvent(recorded(tampered), key)).toThrow(DecryptionError);
  });

  it('refuses a sealed value moved to another event or field', () => {
    const key = randomEncryptionKey();
    const sealed = sealEvent(report, SESSION, paths, key);
    const data = sealed.data as { summary: string; wentWell: string[] };
    const moved = { ...sealed, data: { ...data, summary: data.wentWell[0]! } };
    expect(() => openEvent(recorded(moved), key)).toThrow(DecryptionError);
    const otherEvent = { ...sealed, id: '0b6f3c1e-7a0e-4d1a-9d55-1d0b1c1e0a02' };
    expect(() => openEvent(recorded(otherEvent), key)).toThrow(DecryptionError);
  });

  it('reads a shredded subject as empty texts flagged redacted, never the ciphertext', () => {
    const sealed = sealEvent(report, SESSION, paths, randomEncryptionKey());
    for (const key of ['destroyed', undefined] as const) {
      const opened = openEvent(recorded(sealed), key);
      expect(opened.metadata.redacted).toBe(true);
      expect(opened.data).toMatchObject({
        criteria: [
          { name: 'Listening', score: 4, evidence: [{ turnId: 't1', quote: REDACTED_TEXT }] },
          { name: 'Closing' },
        ],
        wentWell: [REDACTED_TEXT],
        toImprove: [REDACTED_TEXT],
        summary: REDACTED_TEXT,
        score: 70,
      });
    }
  });

  it('does not open with another subject’s key', () => {
    const sealed = sealEvent(report, SESSION, paths, randomEncryptionKey());
    expect(() => openEvent(recorded(sealed), randomEncryptionKey())).toThrow(DecryptionError);
  });

  it('stores an event appended after the shredding already redacted', () => {
    const sealed = sealEvent(report, SESSION, paths, 'destroyed');
    expect(sealed.metadata).toMatchObject({ redacted: true });
    expect(JSON.stringify(sealed.data)).not.toMatch(/Dupont|budget|next step/);
    expect(openEvent(recorded(sealed), 'destroyed').data).toEqual(sealed.data);
  });

  it('redacts an event stored in the clear before sealing existed, once its subject is shredded', () => {
    const redacted = redactLegacyEvent(recorded(report), paths);
    expect(redacted.metadata.redacted).toBe(true);
    expect(JSON.stringify(redacted.data)).not.toMatch(/Dupont|budget|next step/);
    expect(redacted.data).toMatchObject({ score: 70, criteria: [{ evidence: [{ turnId: 't1', quote: '' }] }, {}] });
  });

  it('leaves events without personal data as they are', () => {
    const plain = recorded({ id: report.id, type: 'CoachingSessionEnded', data: { sessionId: SESSION } });
    expect(openEvent(plain, undefined)).toBe(plain);
  });
});
