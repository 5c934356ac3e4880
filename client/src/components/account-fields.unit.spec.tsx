import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AccountEmailField, CurrentPasswordField, NewPasswordField } from './account-fields';

// Rendered to static markup: what password managers read, and the field's own attributes kept.
describe('account fields', () => {
  it('the email is a required email field that password managers fill as the username', () => {
    const html = renderToStaticMarkup(
      <AccountEmailField label="Email address" value="lea@acme.test" onValueChange={() => undefined} autoFocus />,
    );
    expect(html).toMatch(/<input [^>]*type="email"[^>]*autoComplete="username"[^>]*required=""/);
    expect(html).toContain('value="lea@acme.test"');
  });

  it('the current password is a required password field that password managers fill', () => {
    const html = renderToStaticMarkup(
      <CurrentPasswordField label="Password" value="" onValueChange={() => undefined} error="Required" />,
    );
    expect(html).toMatch(/<input [^>]*type="password"[^>]*autoComplete="current-password"[^>]*required=""/);
    expect(html).toContain('aria-invalid="true"');
  });

  it('a new password is a required password field that password managers offer to generate', () => {
    const html = renderToStaticMarkup(
      <NewPasswordField label="New password" value="" onValueChange={() => undefined} hint="Rules" />,
    );
    expect(html).toMatch(/<input [^>]*type="password"[^>]*autoComplete="new-password"[^>]*required=""/);
    expect(html).toContain('-hint"');
  });
});
