import { atom, onMount } from 'nanostores';
import { parseTheme, resolveTheme, THEME_KEY, type Theme } from '../lib/theme.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function storedTheme(): Theme | null {
  try {
    return parseTheme(localStorage.getItem(THEME_KEY));
  } catch {
    return null; // storage blocked: behave as if nothing was chosen
  }
}

function apply(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

/** The active theme. public/shell-init.js applied it before the first paint; this keeps it in sync. */
export const $theme = atom<Theme>('light');

onMount($theme, () => {
  const media = window.matchMedia(DARK_QUERY);
  $theme.set(resolveTheme(storedTheme(), media.matches));
  // The system preference is followed only while the visitor has not chosen (SPEC §4).
  const onSystemChange = (event: MediaQueryListEvent) => {
    if (storedTheme() === null) {
      $theme.set(event.matches ? 'dark' : 'light');
      apply($theme.get());
    }
  };
  media.addEventListener('change', onSystemChange);
  return () => media.removeEventListener('change', onSystemChange);
});

export function toggleTheme(): void {
  const next: Theme = $theme.get() === 'dark' ? 'light' : 'dark';
  try {
    localStorage.setItem(THEME_KEY, next);
  } catch {
    // not persisted, still switched for this page view
  }
  $theme.set(next);
  apply(next);
}
