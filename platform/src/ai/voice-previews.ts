import { createHash } from 'node:crypto';
import type { Migration } from '../sql/migrations.js';
import type { SqlExecutor } from '../sql/sql-database.js';

/**
 * The preview samples of speech voices (issue 10 item 1): made on demand by the provider, then kept so
 * that listening again costs no call. One row per voice, keyed by what the sample was made from (the
 * provider's voice id, the language and the sentence, hashed): a voice whose id or name changes gets a
 * new sample, and the old one is dropped when the new one is stored. A plain table, not events: the
 * audio is a cache that can always be made again.
 */
export const voicePreviewMigrations: Migration[] = [
  {
    id: '0093_ai_voice_previews',
    sql: `CREATE TABLE ai_voice_previews (
      ai_speech_voice_id text NOT NULL,
      text_hash text NOT NULL,
      mime_type text NOT NULL,
      audio bytea NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (ai_speech_voice_id, text_hash)
    );`,
  },
];

/** The key of a sample: what it was made from. */
export const voicePreviewHash = (parts: { providerVoiceId: string; language: string; text: string }): string =>
  createHash('sha256')
    .update(JSON.stringify([parts.providerVoiceId, parts.language, parts.text]))
    .digest('hex');

export type VoicePreview = { mimeType: string; audio: Uint8Array };

export const findVoicePreview = async (
  db: SqlExecutor,
  aiSpeechVoiceId: string,
  textHash: string,
): Promise<VoicePreview | undefined> => {
  const { rows } = await db.query<{ mime_type: string; audio: Uint8Array }>(
    'SELECT mime_type, audio FROM ai_voice_previews WHERE ai_speech_voice_id = $1 AND text_hash = $2',
    [aiSpeechVoiceId, textHash],
  );
  const row = rows[0];
  return row && { mimeType: row.mime_type, audio: new Uint8Array(row.audio) };
};

/** Keeps this sample as the voice's only one (two requests racing store the same sample once). */
export const saveVoicePreview = async (
  db: SqlExecutor,
  entry: { aiSpeechVoiceId: string; textHash: string; at: string } & VoicePreview,
): Promise<void> => {
  await db.query('DELETE FROM ai_voice_previews WHERE ai_speech_voice_id = $1 AND text_hash <> $2', [
    entry.aiSpeechVoiceId,
    entry.textHash,
  ]);
  await db.query(
    `INSERT INTO ai_voice_previews (ai_speech_voice_id, text_hash, mime_type, audio, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (ai_speech_voice_id, text_hash) DO NOTHING`,
    [entry.aiSpeechVoiceId, entry.textHash, entry.mimeType, Buffer.from(entry.audio), entry.at],
  );
};

/** Forgets the samples of a voice (deleted). */
export const deleteVoicePreviews = async (db: SqlExecutor, aiSpeechVoiceId: string): Promise<void> => {
  await db.query('DELETE FROM ai_voice_previews WHERE ai_speech_voice_id = $1', [aiSpeechVoiceId]);
};
