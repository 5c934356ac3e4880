// The built-in practice engine's time (issue 25): the persona's time per turn and the observer's time per report,
// on sessions of 40 learner turns, in this process (pure domain code: no database, no network).
//
//   node bench/practice.mjs --engine pglite [--short] [--out results.json]
//
// Normally started by bench/run.mjs, which builds the workspaces first (it imports the compiled domain).
//
// What is timed, exactly:
//   - persona turn: one call of builtinRoleplayTurn(brief, transcript) with the transcript so far, as the built-in
//     provider answers each learner turn in a session: the whole conversation is replayed from the start every
//     time, so the 40th turn is the slowest; every turn of every session counts in the percentiles.
//   - report: one call of judgeConversation(brief, transcript, criteria) on the whole 40-turn session with five
//     criteria, as the built-in observer answers an analysis call.
// Sessions alternate English and French and cycle through learner lines of every kind the engine reads
// (questions, empathy, summaries, value, trades, proposals), so that no turn takes a shortcut. The engine keeps the
// readings of turns it has read (a session's earlier turns are read again at every turn); they are forgotten
// before each session, so that each session reads its turns for the first time, as a live one does. Three
// sessions are played first and not counted: the figures are those of a warmed-up server process (JIT).
// Targets: p95 ≤ 5 ms per persona turn, ≤ 50 ms per report.
import { writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { builtinRoleplayTurn, forgetReadings, judgeConversation } from '@ai-coaching/domain';
import { priceBrief, prixBrief } from '../domain/dist/ai/practice/testing/price-brief.js';
import { engineBenchmarkArgs, latencySummary, num } from './stats.mjs';

const { engine, short, out } = engineBenchmarkArgs('practice.mjs');
const SESSIONS = short ? 20 : 200;
const REPORTS = short ? 50 : 500;
const TURNS = 40;
const TARGETS = { personaTurnP95Ms: 5, reportP95Ms: 50 };

const LINES = {
  'en-GB': [
    'Thanks for making time today. How has the last year gone for your team?',
    'What is behind the low usage in Lyon?',
    'So if I understand, the tool works but Lyon was never trained.',
    'I hear you, an increase is hard to accept when half the team is not using it.',
    'If you commit to a two-year term, we can hold the price and include a training day.',
    'Customers like you cut their reporting time by 30% within three months.',
    'What would make this renewal easy to defend internally?',
    'Do you use the reporting module every week?',
    'How does your CFO look at software spending this year?',
    'Shall we book a call with your CFO next Tuesday at 10?',
  ],
  'fr-FR': [
    'Merci de me recevoir. Comment s’est passée l’année écoulée pour votre équipe ?',
    'Qu’est-ce qui explique le faible usage à Lyon ?',
    'Si je comprends bien, l’outil fonctionne mais Lyon n’a jamais été formé.',
    'Je vous entends, une hausse est difficile à accepter quand la moitié de l’équipe ne s’en sert pas.',
    'Si vous vous engagez sur deux ans, nous pouvons maintenir le prix et inclure une journée de formation.',
    'Des clients comme vous ont réduit leur temps de reporting de 30 % en trois mois.',
    'Qu’est-ce qui rendrait ce renouvellement facile à défendre en interne ?',
    'Est-ce que vous utilisez le module de reporting chaque semaine ?',
    'Comment votre DAF regarde-t-il les dépenses logicielles cette année ?',
    'Voulez-vous que nous fixions un appel avec votre DAF mardi prochain à 10 h ?',
  ],
};

const CRITERIA = [
  { name: 'Discovery', description: 'Asks open questions to understand needs.', weight: 1 },
  { name: 'Objection handling', description: 'Acknowledges and settles every concern.', weight: 1 },
  { name: 'Negotiation', description: 'Trades rather than concedes.', weight: 1 },
  { name: 'Clear close', description: 'Agrees a concrete next step.', weight: 1 },
  { name: 'Empathy', description: 'Acknowledges how the other person feels.', weight: 1 },
];

/** A session that runs its 40 turns: nothing wins or loses it, and the persona's patience lasts. */
const endless = (brief) => ({
  ...brief,
  persona: { ...brief.persona, patience: 5 },
  mission: { ...brief.mission, success: [], failure: [] },
  turnLimit: TURNS + 1,
});

const WARM_UP = 3;
const personaTurns = [];
const sessions = [];
for (let session = -WARM_UP; session < SESSIONS; session += 1) {
  forgetReadings();
  const brief = endless(session % 2 === 0 ? priceBrief : prixBrief);
  const lines = LINES[brief.language];
  const transcript = [{ speaker: 'persona', text: builtinRoleplayTurn(brief, []).text }];
  for (let turn = 0; turn < TURNS; turn += 1) {
    transcript.push({ speaker: 'learner', text: lines[(turn + Math.abs(session)) % lines.length] });
    const started = performance.now();
    const reply = builtinRoleplayTurn(brief, transcript);
    const elapsed = performance.now() - started;
    if (session >= 0) personaTurns.push(elapsed);
    transcript.push({ speaker: 'persona', text: reply.text });
  }
  if (session >= 0) sessions.push({ brief, transcript });
}

const reports = [];
for (let index = 0; index < REPORTS; index += 1) {
  const { brief, transcript } = sessions[index % sessions.length];
  // An analysis runs in a worker that has not read the session's turns.
  forgetReadings();
  const started = performance.now();
  judgeConversation(brief, transcript, CRITERIA);
  reports.push(performance.now() - started);
}

const persona = latencySummary(personaTurns);
const report = latencySummary(reports);
const lat = (l) => `${num(l.p50, 2)}/${num(l.p95, 2)}/${num(l.p99, 2)} ms`;
console.log(
  `[practice] persona turn (${persona.count} turns, ${SESSIONS} sessions of ${TURNS}): p50/p95/p99 ${lat(persona)}`,
);
console.log(`[practice] report on ${TURNS} turns (${report.count} reports): p50/p95/p99 ${lat(report)}`);
console.log(
  `[practice] against the targets: persona p95 ${num(persona.p95, 2)} ms / ${TARGETS.personaTurnP95Ms} ms (ratio ${num(TARGETS.personaTurnP95Ms / persona.p95, 1)}), report p95 ${num(report.p95, 2)} ms / ${TARGETS.reportP95Ms} ms (ratio ${num(TARGETS.reportP95Ms / report.p95, 1)})`,
);

const row = (metric, value, unit, extra) => ({ metric, engine, value, unit, ...extra });
const result = {
  benchmark: 'practice',
  engine,
  short,
  settings: { sessions: SESSIONS, turns: TURNS, reports: REPORTS, criteria: CRITERIA.length },
  figures: { personaTurnMs: persona, reportMs: report },
  rows: [
    row('built-in persona turn p50/p95/p99 (40-turn sessions)', persona.p95, 'ms', {
      display: lat(persona),
      target: TARGETS.personaTurnP95Ms,
      better: 'lower',
    }),
    row('built-in observer report p50/p95/p99 (40 turns)', report.p95, 'ms', {
      display: lat(report),
      target: TARGETS.reportP95Ms,
      better: 'lower',
    }),
  ],
};
if (out) await writeFile(out, JSON.stringify(result, null, 2));
