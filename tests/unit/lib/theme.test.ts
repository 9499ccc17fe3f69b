import { describe, expect, it } from 'vitest';
import { parseTheme, resolveTheme } from '../../../src/lib/theme.ts';

describe('theme', () => {
  it('takes the stored choice over the system preference', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('follows the system preference when nothing valid is stored', () => {
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(undefined, false)).toBe('light');
    expect(resolveTheme('lila', true)).toBe('dark');
    expect(parseTheme('lila')).toBeNull();
  });
});
