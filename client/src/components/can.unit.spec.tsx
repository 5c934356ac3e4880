import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { toCurrentUser } from '../lib/session/current-user';
import { SessionContext } from '../lib/session/session-context';
import { Can } from './can';

// Rendered to static markup: no DOM is needed to see whether the element shows its children.
const render = (permissions: string[] | null, element: React.ReactElement) =>
  renderToStaticMarkup(
    <SessionContext.Provider
      value={{
        user: permissions === null ? null : toCurrentUser({ permissions }),
        busy: false,
        reloadProfile: () => undefined,
      }}
    >
      {element}
    </SessionContext.Provider>,
  );

describe('<Can> (spec §6, the page directive)', () => {
  it('shows its children when every listed permission is held', () => {
    expect(render(['user-list', 'user-create'], <Can permissions={['user-list', 'user-create']}>shown</Can>)).toBe(
      'shown',
    );
    expect(render(['user-create'], <Can permissions="user-create">shown</Can>)).toBe('shown');
  });

  it('hides them when a single listed permission is missing, even though can() would pass', () => {
    expect(render(['user-list'], <Can permissions={['user-list', 'user-create']}>shown</Can>)).toBe('');
  });

  it('renders the fallback instead, and nothing for a signed-out visitor', () => {
    expect(
      render(
        ['user-list'],
        <Can permissions="user-delete" fallback="no">
          shown
        </Can>,
      ),
    ).toBe('no');
    expect(render(null, <Can permissions={[]}>shown</Can>)).toBe('');
  });
});
