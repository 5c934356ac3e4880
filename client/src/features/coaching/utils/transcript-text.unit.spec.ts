import { describe, expect, it } from 'vitest';
import { readTranscriptText } from './transcript-text';

describe('readTranscriptText', () => {
  it('reads one turn per labelled line: the learner’s labels in both languages, any other label the persona’s', () => {
    const pasted = [
      'Me: Hello Margaret, what matters most to you?',
      'Margaret: Keeping costs down.',
      'You: What would switching involve?',
      'Persona: Six months of migration.',
      'Vous : Pouvons-nous prévoir un appel jeudi ?',
      'Client\u00a0: D’accord.',
      'moi: Merci.',
    ].join('\n');
    expect(readTranscriptText(pasted)).toEqual({
      ok: true,
      turns: [
        { role: 'learner', text: 'Hello Margaret, what matters most to you?' },
        { role: 'persona', text: 'Keeping costs down.' },
        { role: 'learner', text: 'What would switching involve?' },
        { role: 'persona', text: 'Six months of migration.' },
        { role: 'learner', text: 'Pouvons-nous prévoir un appel jeudi ?' },
        { role: 'persona', text: 'D’accord.' },
        { role: 'learner', text: 'Merci.' },
      ],
    });
  });

  it('puts an unlabelled line on the turn above, and ignores blank lines, bullets and times', () => {
    const pasted = '\r\n- Me: First part\r\nand the rest.\r\n\r\n[10:02] Sam O’Neil: Fine.\n(10:03) • You: Deal?\n';
    expect(readTranscriptText(pasted)).toEqual({
      ok: true,
      turns: [
        { role: 'learner', text: 'First part and the rest.' },
        { role: 'persona', text: 'Fine.' },
        { role: 'learner', text: 'Deal?' },
      ],
    });
  });

  it('keeps a colon inside the words, and a long sentence with a colon is not a label', () => {
    const pasted = 'Me: The plan: two years.\nThis is what we would do for you next year: a training day.';
    expect(readTranscriptText(pasted)).toEqual({
      ok: true,
      turns: [
        { role: 'learner', text: 'The plan: two years. This is what we would do for you next year: a training day.' },
      ],
    });
  });

  it('says when there is nothing to judge, or the first words have no speaker', () => {
    expect(readTranscriptText('  \n\n')).toEqual({ ok: false, problem: 'empty', line: 1 });
    expect(readTranscriptText('Me:\nPersona:   ')).toEqual({ ok: false, problem: 'empty', line: 1 });
    expect(readTranscriptText('\nHello there\nMe: Hi')).toEqual({ ok: false, problem: 'no_speaker', line: 2 });
  });
});
