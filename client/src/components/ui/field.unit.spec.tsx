import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ErrorAlert } from './alert';
import { SelectField, TextAreaField, TextField } from './field';

// Rendered to static markup: the attributes that tie a control to its hint and its error, whichever control.
describe('fields', () => {
  it.each([
    ['TextField', <TextField key="t" label="Name" hint="As on the badge" error="Required" required />, 'input'],
    [
      'TextAreaField',
      <TextAreaField key="a" label="Name" hint="As on the badge" error="Required" required />,
      'textarea',
    ],
    [
      'SelectField',
      <SelectField key="s" label="Name" hint="As on the badge" error="Required" required options={[]} />,
      'select',
    ],
  ])('%s names its hint and error, is invalid, and keeps its other attributes', (_, element, tag) => {
    const html = renderToStaticMarkup(element);
    const id = /<label for="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain(`<${tag} id="${id}" aria-invalid="true" aria-describedby="${id}-hint ${id}-error"`);
    expect(html).toContain('border-red-700');
    expect(html).toMatch(new RegExp(`<${tag} [^>]*required=""`));
    expect(html).toContain(`<p id="${id}-error" role="alert"`);
  });

  it('a valid field without a hint has neither aria-invalid nor aria-describedby', () => {
    const html = renderToStaticMarkup(<TextField label="Name" className="w-40" />);
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('aria-describedby');
    expect(html).toContain('border-gray-400 dark:border-gray-600 w-40');
  });
});

// An instance of its own, ready at once: the unit specs share a process, where another file's app instance would
// suspend the render while it downloads the catalogue.
const i18n = createInstance({ lng: 'en-GB', resources: {}, initAsync: false, react: { useSuspense: false } });
void i18n.init();
const withI18n = (element: React.ReactElement) =>
  renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);

describe('<ErrorAlert>', () => {
  it('shows nothing without an error, and the error in an alert, wrapped only when it shows', () => {
    expect(withI18n(<ErrorAlert error={null} className="sm:col-span-2" />)).toBe('');
    const html = withI18n(<ErrorAlert error={new Error('Refused')} className="sm:col-span-2" />);
    expect(html).toMatch(/^<div class="sm:col-span-2"><div role="alert"[^>]*>Refused<\/div><\/div>$/);
  });
});
