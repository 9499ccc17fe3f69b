import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $theme, toggleTheme } from '../../../src/stores/theme.ts';

/** Just enough of the browser for the theme store: storage, the colour-scheme query, <html>. */
function fakeBrowser(systemDark: boolean, stored?: string) {
  const storage = new Map<string, string>(stored === undefined ? [] : [['theme', stored]]);
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const media = {
    matches: systemDark,
    addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
  };
  const classes = new Set<string>();
  const html = {
    classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    style: { colorScheme: '' },
  };
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  });
  vi.stubGlobal('window', { matchMedia: () => media });
  vi.stubGlobal('document', { documentElement: html });
  return {
    storage,
    isDark: () => classes.has('dark'),
    systemChanges(dark: boolean) {
      media.matches = dark;
      for (const listener of listeners) listener({ matches: dark });
    },
  };
}

beforeEach(() => {
  cleanStores($theme);
});

afterEach(() => {
  cleanStores($theme);
  vi.unstubAllGlobals();
});

describe('$theme', () => {
  it('starts from the stored choice over the system preference', () => {
    fakeBrowser(true, 'light');
    $theme.listen(() => {});
    expect($theme.get()).toBe('light');
  });

  it('starts from the system preference when nothing (or garbage) is stored', () => {
    fakeBrowser(true, 'lila');
    $theme.listen(() => {});
    expect($theme.get()).toBe('dark');
  });

  it('follows system changes while nothing is stored', () => {
    const browser = fakeBrowser(false);
    $theme.listen(() => {});
    browser.systemChanges(true);
    expect($theme.get()).toBe('dark');
    expect(browser.isDark()).toBe(true);
    browser.systemChanges(false);
    expect($theme.get()).toBe('light');
    expect(browser.isDark()).toBe(false);
  });

  it('toggling stores the choice, updates <html> and then ignores system changes', () => {
    const browser = fakeBrowser(false);
    $theme.listen(() => {});
    toggleTheme();
    expect($theme.get()).toBe('dark');
    expect(browser.storage.get('theme')).toBe('dark');
    expect(browser.isDark()).toBe(true);
    browser.systemChanges(false);
    expect($theme.get()).toBe('dark');
    toggleTheme();
    expect(browser.storage.get('theme')).toBe('light');
    expect(browser.isDark()).toBe(false);
  });
});
