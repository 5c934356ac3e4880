import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Card } from './card';

describe('<Card>', () => {
  it('starts with its title as an h2, and is the region it names when the title has an id', () => {
    expect(
      renderToStaticMarkup(
        <Card title="Keys" titleId="provider-keys">
          <p>Body</p>
        </Card>,
      ),
    ).toMatch(
      /^<section aria-labelledby="provider-keys" class="[^"]*"><h2 id="provider-keys" class="mb-4 text-lg font-semibold">Keys<\/h2><p>Body<\/p><\/section>$/,
    );
  });

  it('has no heading without a title', () => {
    expect(renderToStaticMarkup(<Card className="max-w-xl">Body</Card>)).toMatch(
      /^<section class="[^"]* max-w-xl">Body<\/section>$/,
    );
  });
});
