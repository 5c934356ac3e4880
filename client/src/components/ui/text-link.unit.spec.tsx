import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TextLink } from './text-link';

describe('<TextLink>', () => {
  it('is a router link in the text style, with any further classes', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <TextLink to="/settings/user/list" className="mt-2">
          Back
        </TextLink>
      </MemoryRouter>,
    );
    expect(html).toBe(
      '<a class="text-sm font-medium text-primary-700 underline dark:text-primary-300 mt-2" href="/settings/user/list" data-discover="true">Back</a>',
    );
  });
});
