import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ModalDialog } from './modal-dialog';

// Rendered to static markup: the dialog is named by its heading, with its width; showModal() needs a browser (e2e).
describe('<ModalDialog>', () => {
  it('is labelled by its title and holds its content after it', () => {
    const html = renderToStaticMarkup(
      <ModalDialog title="Re-run the reports" onCancel={() => undefined} className="max-w-lg">
        <p>Body</p>
      </ModalDialog>,
    );
    const titleId = /<h2 id="([^"]+)"/.exec(html)![1]!;
    expect(html).toMatch(new RegExp(`^<dialog aria-labelledby="${titleId}" class="m-auto w-full [^"]* max-w-lg">`));
    expect(html).toContain(`<h2 id="${titleId}" class="text-lg font-semibold">Re-run the reports</h2><p>Body</p>`);
  });
});
