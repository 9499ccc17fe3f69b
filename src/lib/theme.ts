export type Theme = 'dark' | 'light';

/** localStorage key of an explicit choice (SPEC §9). */
export const THEME_KEY = 'theme';

export function parseTheme(value: string | null | undefined): Theme | null {
  return value === 'dark' || value === 'light' ? value : null;
}

/** The stored choice wins; without one the system preference decides (SPEC §4). */
export function resolveTheme(stored: string | null | undefined, systemPrefersDark: boolean): Theme {
  return parseTheme(stored) ?? (systemPrefersDark ? 'dark' : 'light');
}
