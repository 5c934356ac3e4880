import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubmitRow } from './button';

// Rendered to static markup: the row's classes and the submit button's state.
describe('<SubmitRow>', () => {
  it('is a submit button at the end of its row, with the row’s further classes', () => {
    const html = renderToStaticMarkup(<SubmitRow className="sm:col-span-2">Save</SubmitRow>);
    expect(html).toMatch(
      /^<div class="flex justify-end sm:col-span-2"><button type="submit" class="[^"]*bg-primary-700/,
    );
    expect(html).toContain('>Save</button></div>');
    expect(html).not.toContain('disabled');
  });

  it('is busy and blocked while the form sends, and takes the secondary look', () => {
    const html = renderToStaticMarkup(
      <SubmitRow loading variant="secondary">
        Save
      </SubmitRow>,
    );
    expect(html).toMatch(/^<div class="flex justify-end"><button type="submit" disabled="" aria-busy="true"/);
    expect(html).toContain('border-gray-300');
  });

  it('puts its "Cancel" first, blocked while the form sends', () => {
    const html = renderToStaticMarkup(
      <SubmitRow loading cancel={{ label: 'Cancel', onClick: () => undefined }} className="flex-wrap">
        Save
      </SubmitRow>,
    );
    expect(html).toMatch(
      /^<div class="flex justify-end gap-2 flex-wrap"><button type="button" disabled=""[^>]*>Cancel<\/button>/,
    );
    expect(html).toMatch(/<button type="submit" disabled="" aria-busy="true"[^>]*><svg[^]*>Save<\/button><\/div>$/);
  });
});
