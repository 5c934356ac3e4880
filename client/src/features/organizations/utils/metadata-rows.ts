import {
  ORGANIZATION_METADATA_KEY_MAX,
  ORGANIZATION_METADATA_MAX_KEYS,
  ORGANIZATION_METADATA_VALUE_MAX,
} from '@ai-coaching/domain';
import type { Metadata, MetadataValue } from '../api/organizations-api';

export type MetadataType = 'text' | 'number' | 'boolean';
export type MetadataRow = { key: string; type: MetadataType; value: string };
export type MetadataProblem = 'keyBlank' | 'keyTooLong' | 'keyDuplicate' | 'valueTooLong' | 'notNumber' | 'tooManyKeys';

const typeOf = (value: MetadataValue): MetadataType =>
  typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text';

export const metadataToRows = (metadata: Metadata): MetadataRow[] =>
  Object.entries(metadata).map(([key, value]) => ({
    key,
    type: typeOf(value),
    value: value === null ? '' : String(value),
  }));

/** The rows as the API's metadata object, or the first problem of each row (index → problem). */
export const rowsToMetadata = (
  rows: readonly MetadataRow[],
):
  | { ok: true; metadata: Metadata }
  | { ok: false; problems: Record<number, MetadataProblem> | { all: 'tooManyKeys' } } => {
  if (rows.length > ORGANIZATION_METADATA_MAX_KEYS) return { ok: false, problems: { all: 'tooManyKeys' } };
  const problems: Record<number, MetadataProblem> = {};
  const seen = new Set<string>();
  const metadata: Metadata = {};
  rows.forEach((row, index) => {
    const key = row.key.trim();
    if (!key) problems[index] = 'keyBlank';
    else if (key.length > ORGANIZATION_METADATA_KEY_MAX) problems[index] = 'keyTooLong';
    else if (seen.has(key)) problems[index] = 'keyDuplicate';
    else if (row.type === 'number' && (row.value.trim() === '' || !Number.isFinite(Number(row.value)))) {
      problems[index] = 'notNumber';
    } else if (row.value.length > ORGANIZATION_METADATA_VALUE_MAX) problems[index] = 'valueTooLong';
    seen.add(key);
    metadata[key] =
      row.type === 'number' ? Number(row.value) : row.type === 'boolean' ? row.value === 'true' : row.value;
  });
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, metadata };
};
