import type { SavedClickDummy } from './schemas.ts';
import type { ClickDummyTrigger } from './schemas.ts';

/** SPEC §9: the saved list shows the prompt cut at 100 characters. */
const PROMPT_EXCERPT_LENGTH = 100;

/** The prompt cut at 100 characters (whole characters, also for emoji), with '…' when cut. */
export function promptExcerpt(prompt: string, length: number = PROMPT_EXCERPT_LENGTH): string {
  const characters = Array.from(prompt.trim());
  return characters.length > length ? `${characters.slice(0, length).join('').trimEnd()}…` : characters.join('');
}

const DEFAULT_NAME = /^ClickDummy (\d+)$/;

/**
 * 'ClickDummy {n}' (SPEC §3) with n one above the list's size and every number in use, so a
 * name stays unique after entries were removed.
 */
export function defaultClickDummyName(saved: readonly SavedClickDummy[]): string {
  const used = saved.map((entry) => Number(DEFAULT_NAME.exec(entry.name)?.[1] ?? 0));
  return `ClickDummy ${Math.max(saved.length, ...used) + 1}`;
}

/** A new entry of the saved list for a prompt just created. */
export function newSavedClickDummy(
  saved: readonly SavedClickDummy[],
  request: { prompt: string; email: string; trigger: ClickDummyTrigger },
  id: string,
  now: Date,
): SavedClickDummy {
  return { id, prompt: request.prompt, createdAt: now.toISOString(), name: defaultClickDummyName(saved), email: request.email, trigger: request.trigger };
}

const germanDateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

/** '23.11.2026, 11:05' in the visitor's time zone. */
export function formatSavedAt(createdAt: string): string {
  return germanDateTime.format(new Date(createdAt));
}
