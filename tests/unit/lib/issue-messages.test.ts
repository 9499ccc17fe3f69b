import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../src/lib/schemas/issues.ts';

/**
 * The German fallbacks of every schema (src/lib/schemas/issue-messages.ts): a rule without a
 * message of its own says in German what is wrong; one with its own message keeps it.
 */

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldErrors(result.issues);
};

describe('fallback messages', () => {
  it('a missing key, a wrong type and an unknown key', () => {
    const schema = v.strictObject({ name: v.string(), count: v.number() });
    expect(errorsOf(schema, { count: 'drei', extra: 1 })).toEqual({
      name: 'Diese Angabe fehlt.',
      count: 'Diese Angabe hat ein ungültiges Format.',
      extra: 'Diese Angabe ist hier nicht vorgesehen.',
    });
    expect(errorsOf(schema, null)).toEqual({ '': 'Diese Angabe hat ein ungültiges Format.' });
  });

  it('limits in German notation, for texts and for lists', () => {
    expect(errorsOf(v.object({ n: v.pipe(v.number(), v.maxValue(1000)) }), { n: 1001 })).toEqual({ n: 'Der Wert darf höchstens 1.000 betragen.' });
    expect(errorsOf(v.object({ n: v.pipe(v.number(), v.minValue(0.5)) }), { n: 0 })).toEqual({ n: 'Der Wert muss mindestens 0,5 betragen.' });
    expect(errorsOf(v.object({ n: v.pipe(v.number(), v.integer()) }), { n: 1.5 })).toEqual({ n: 'Bitte geben Sie eine ganze Zahl ein.' });
    expect(errorsOf(v.object({ t: v.pipe(v.string(), v.maxLength(2000)) }), { t: 'x'.repeat(2001) })).toEqual({ t: 'Bitte höchstens 2.000 Zeichen angeben.' });
    expect(errorsOf(v.object({ l: v.pipe(v.array(v.number()), v.maxLength(2)) }), { l: [1, 2, 3] })).toEqual({ l: 'Bitte höchstens 2 Einträge angeben.' });
    expect(errorsOf(v.object({ t: v.pipe(v.string(), v.nonEmpty()) }), { t: '' })).toEqual({ t: 'Bitte füllen Sie dieses Feld aus.' });
    expect(errorsOf(v.object({ e: v.pipe(v.string(), v.email()) }), { e: 'kein' })).toEqual({ e: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' });
    expect(errorsOf(v.object({ u: v.pipe(v.string(), v.uuid()) }), { u: 'kein' })).toEqual({ u: 'Bitte überprüfen Sie diese Angabe.' });
  });

  it('a message of the schema itself stays', () => {
    expect(errorsOf(v.object({ name: v.string('Name ist erforderlich') }), { name: 5 })).toEqual({ name: 'Name ist erforderlich' });
    // A missing key is the object's issue: the object's own message, if it names one.
    expect(errorsOf(v.object({ name: v.string() }, 'Bitte alle Felder ausfüllen.'), {})).toEqual({ name: 'Bitte alle Felder ausfüllen.' });
  });
});
