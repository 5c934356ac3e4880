import type { UseQueryResult } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { QueryState } from './query-state';

type Page = { items: string[] };
const query = (state: Partial<UseQueryResult<Page>>) =>
  ({ isPending: false, isError: false, refetch: () => undefined, ...state }) as UseQueryResult<Page>;
// An instance of its own, ready at once: the unit specs share a process, where another file's app instance would
// suspend the render while it downloads the catalogue.
const i18n = createInstance({ lng: 'en-GB', resources: {}, initAsync: false, react: { useSuspense: false } });
void i18n.init();
const render = (state: Partial<UseQueryResult<Page>>) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryState query={query(state)} isEmpty={(page) => page.items.length === 0} empty="Nothing yet">
        {(page) => (
          <ul>
            {page.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </QueryState>
    </I18nextProvider>,
  );

// Rendered to static markup: which of the four states shows.
describe('<QueryState>', () => {
  it('shows the loading state while the query is pending', () => {
    expect(render({ isPending: true })).toContain('role="status"');
  });

  it('shows the error with a retry when the query failed', () => {
    const html = render({ isError: true, error: new Error('Refused') });
    expect(html).toContain('role="alert"');
    expect(html).toContain('<p>Refused</p>');
    expect(html).toContain('<button');
  });

  it('shows the empty state when the data holds nothing, else what the children make of it', () => {
    expect(render({ data: { items: [] } })).toContain('Nothing yet</p>');
    expect(render({ data: { items: ['Ann', 'Bob'] } })).toBe('<ul><li>Ann</li><li>Bob</li></ul>');
  });
});
