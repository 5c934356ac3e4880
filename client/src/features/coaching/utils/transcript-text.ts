// A transcript pasted into the observer editor's trial (docs/coaching-content.md, "Trying an observer"): one turn per
// line, "Speaker: words". The learner's labels are "Me", "You", "Learner", "Moi", "Vous", "Apprenant"; any other
// label is the persona's (its name, "Persona", "Client"…). A line without a label goes on the turn above it; blank
// lines, bullets and a leading time ("[10:02]") are ignored, and a French space before the colon is welcome.

export type PastedTurn = { role: 'learner' | 'persona'; text: string };

export type TranscriptReading =
  | { ok: true; turns: PastedTurn[] }
  /** `empty`: nothing but blank lines; `no_speaker`: the first words have no label (`line`, from 1). */
  | { ok: false; problem: 'empty' | 'no_speaker'; line: number };

const LEARNER_LABELS = new Set(['me', 'you', 'i', 'learner', 'moi', 'vous', 'je', 'apprenant', 'apprenante']);

/** A label is a short name (letters, spaces, dots, apostrophes, hyphens), then a colon, a French space allowed. */
const LABELLED = /^([\p{L}][\p{L}\p{M} .'’-]{0,39}?)\s*[:：]\s*(.*)$/u;
/** What a line may start with before its label: a bullet, a time in brackets or parentheses. */
const LEAD = /^(?:[-*•–—>]\s*|\[[^\]]{1,20}\]\s*|\(\d{1,2}:\d{2}(?::\d{2})?\)\s*)+/u;

const roleOf = (label: string): PastedTurn['role'] =>
  LEARNER_LABELS.has(label.trim().toLowerCase().replace(/\.$/, '')) ? 'learner' : 'persona';

export const readTranscriptText = (pasted: string): TranscriptReading => {
  const turns: PastedTurn[] = [];
  const lines = pasted.split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim().replace(LEAD, '').trim();
    if (line.length === 0) continue;
    const labelled = LABELLED.exec(line);
    if (labelled && labelled[1]!.trim().split(/\s+/).length <= 4) {
      turns.push({ role: roleOf(labelled[1]!), text: labelled[2]!.trim() });
      continue;
    }
    const last = turns.at(-1);
    if (!last) return { ok: false, problem: 'no_speaker', line: index + 1 };
    last.text = last.text ? `${last.text} ${line}` : line;
  }
  const spoken = turns.filter((turn) => turn.text.length > 0);
  if (spoken.length === 0) return { ok: false, problem: 'empty', line: 1 };
  return { ok: true, turns: spoken };
};
