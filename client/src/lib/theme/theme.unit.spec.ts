import { describe, expect, it } from 'vitest';
import { parseStoredTheme, resolveTheme, toggledTheme } from './theme';

describe('resolveTheme', () => {
  it('should honour an explicit choice whatever the OS prefers', () => {
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('should follow the OS when nothing valid is stored', () => {
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme('purple', false)).toBe('light');
  });
});

describe('parseStoredTheme', () => {
  it('should accept only light and dark', () => {
    expect(parseStoredTheme('light')).toBe('light');
    expect(parseStoredTheme('dark')).toBe('dark');
    expect(parseStoredTheme('Dark')).toBeNull();
  });
});

describe('toggledTheme', () => {
  it('should flip between light and dark', () => {
    expect(toggledTheme('light')).toBe('dark');
    expect(toggledTheme('dark')).toBe('light');
  });
});
