import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SectionHeading } from './section-heading';

describe('<SectionHeading>', () => {
  it('is the section’s h2, by its id, with what acts on the section beside it', () => {
    expect(
      renderToStaticMarkup(
        <SectionHeading id="groups-heading" title="Groups" className="mb-3 items-center gap-2">
          <a href="/create">Create</a>
        </SectionHeading>,
      ),
    ).toBe(
      '<div class="flex flex-wrap justify-between mb-3 items-center gap-2"><h2 id="groups-heading" class="text-lg font-semibold">Groups</h2><a href="/create">Create</a></div>',
    );
  });
});
