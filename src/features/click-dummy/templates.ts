import * as v from 'valibot';
import { PromptTemplatesSchema, type PromptTemplate } from '../../lib/schemas/locales.ts';

/** The template whose prompt opens the booking demo instead of a request (SPEC §4). */
export const BOOKING_TEMPLATE_NAME = 'Unterkunftsbuchung';

/** Reads the template file's JSON; only active templates are offered (SPEC §7). */
export function activeTemplates(data: unknown): PromptTemplate[] {
  return v.parse(PromptTemplatesSchema, data).filter((template) => template.isActive);
}

/**
 * Line breaks and runs of spaces do not make a prompt different: a pasted or taken-over
 * template may differ from the file only in whitespace.
 */
function normalized(prompt: string): string {
  return prompt.trim().replace(/\s+/g, ' ');
}

/** Whether a created prompt is the active accommodation-booking template's (SPEC §4). */
export function isBookingDemoPrompt(prompt: string, templates: readonly PromptTemplate[]): boolean {
  const booking = templates.find((template) => template.name === BOOKING_TEMPLATE_NAME && template.isActive);
  return booking !== undefined && normalized(prompt) === normalized(booking.clickDummy);
}
