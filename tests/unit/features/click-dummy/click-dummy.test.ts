import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultClickDummyName, formatSavedAt, newSavedClickDummy, promptExcerpt } from '../../../../src/features/click-dummy/saved.ts';
import { activeTemplates, BOOKING_TEMPLATE_NAME, isBookingDemoPrompt } from '../../../../src/features/click-dummy/templates.ts';
import { decodeSavedClickDummies, SAVED_CLICK_DUMMIES_KEY, type SavedClickDummy } from '../../../../src/features/click-dummy/schemas.ts';
import prompts from '../../../../locales/de-prompts.json';

const saved = (name: string, id = name): SavedClickDummy => ({
  id,
  prompt: 'Eine App',
  createdAt: '2026-11-23T10:00:00.000Z',
  name,
  email: 'erika@example.test',
  trigger: 'create',
});

const booking = { name: BOOKING_TEMPLATE_NAME, description: 'Buchung', clickDummy: 'Erstelle eine Buchungs-App\nmit Kalender.', isActive: true };
const other = { name: 'Zeiterfassung', description: 'Zeit', clickDummy: 'Erstelle eine Zeiterfassung.', isActive: true };
const inactive = { name: 'Vereinsverwaltung', description: 'Verein', clickDummy: 'Erstelle eine Vereinsverwaltung.', isActive: false };

describe('prompt templates', () => {
  it('offers only the active templates of the file', () => {
    expect(activeTemplates([booking, inactive, other]).map((t) => t.name)).toEqual([BOOKING_TEMPLATE_NAME, 'Zeiterfassung']);
    const shipped = activeTemplates(prompts);
    expect(shipped.length).toBeGreaterThan(0);
    expect(shipped.every((t) => t.isActive)).toBe(true);
    expect(shipped.some((t) => t.name === BOOKING_TEMPLATE_NAME)).toBe(true);
  });

  it('refuses a file of the wrong shape instead of offering half of it', () => {
    expect(() => activeTemplates([{ name: 'x' }])).toThrow();
    expect(() => activeTemplates({ templates: [] })).toThrow();
  });

  it('opens the booking demo for the active booking template, also with other whitespace', () => {
    const templates = [booking, other];
    expect(isBookingDemoPrompt(booking.clickDummy, templates)).toBe(true);
    expect(isBookingDemoPrompt('  Erstelle eine Buchungs-App   mit\n\nKalender. ', templates)).toBe(true);
  });

  it('does not open it for other prompts, a changed text, or an inactive booking template', () => {
    expect(isBookingDemoPrompt(other.clickDummy, [booking, other])).toBe(false);
    expect(isBookingDemoPrompt('Erstelle eine Buchungs-App mit Kalender und Karte.', [booking])).toBe(false);
    expect(isBookingDemoPrompt(booking.clickDummy, [{ ...booking, isActive: false }])).toBe(false);
    expect(isBookingDemoPrompt(booking.clickDummy, [])).toBe(false);
  });
});

describe('saved click dummies', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses one documented storage key', () => {
    expect(SAVED_CLICK_DUMMIES_KEY).toBe('clickDummies');
  });

  it('cuts the excerpt at 100 characters and marks the cut', () => {
    const long = 'a'.repeat(150);
    expect(promptExcerpt(long)).toBe(`${'a'.repeat(100)}…`);
    expect(promptExcerpt('b'.repeat(100))).toBe('b'.repeat(100));
    expect(promptExcerpt('  kurz  ')).toBe('kurz');
    // Whole characters: an emoji at the edge is not split in half.
    expect(promptExcerpt(`${'c'.repeat(99)}😀😀`)).toBe(`${'c'.repeat(99)}😀…`);
  });

  it("names new entries 'ClickDummy {n}', unique also after removals", () => {
    expect(defaultClickDummyName([])).toBe('ClickDummy 1');
    expect(defaultClickDummyName([saved('ClickDummy 1'), saved('ClickDummy 2')])).toBe('ClickDummy 3');
    // ClickDummy 1 removed: the next is 3, not a second 2.
    expect(defaultClickDummyName([saved('ClickDummy 2')])).toBe('ClickDummy 3');
    expect(defaultClickDummyName([saved('Mein Shop'), saved('Portal')])).toBe('ClickDummy 3');
  });

  it('builds an entry that the storage decoder reads back unchanged', () => {
    const entry = newSavedClickDummy([saved('ClickDummy 1')], { prompt: 'Eine Zeiterfassung', email: 'erika@example.test', trigger: 'save' }, 'id-2', new Date('2026-11-23T10:05:00Z'));
    expect(entry).toEqual({ id: 'id-2', prompt: 'Eine Zeiterfassung', createdAt: '2026-11-23T10:05:00.000Z', name: 'ClickDummy 2', email: 'erika@example.test', trigger: 'save' });
    expect(decodeSavedClickDummies(JSON.stringify([entry]))).toEqual([entry]);
  });

  it('logs and ignores a stored value that is not a list', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(decodeSavedClickDummies('"ClickDummy 1"')).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('shows the date in German format', () => {
    expect(formatSavedAt('2026-11-23T10:05:00.000Z')).toMatch(/^23\.11\.2026, \d{2}:05$/);
  });
});
