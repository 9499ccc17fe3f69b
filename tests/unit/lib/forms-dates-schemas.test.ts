import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { formatReceivedAt, germanDate, isoFromGermanDate, todayIso } from '../../../src/lib/forms/dates.ts';
import { fieldErrors } from '../../../src/lib/schemas/issues.ts';
import { CancellationFieldsSchema, cancellationSummary, CustomerCancellationSchema } from '../../../src/lib/schemas/forms/cancellation.ts';
import { OrderInquiryFieldsSchema } from '../../../src/lib/schemas/forms/order-inquiry.ts';

describe('dates of the legal forms', () => {
  it('reads DD.MM.YYYY only for days that exist', () => {
    expect(isoFromGermanDate('29.02.2028')).toBe('2028-02-29');
    expect(isoFromGermanDate('1.3.2031')).toBe('2031-03-01');
    expect(isoFromGermanDate('29.02.2027')).toBeNull();
    expect(isoFromGermanDate('2031-03-01')).toBeNull();
    expect(isoFromGermanDate('31.04.2031')).toBeNull();
    expect(germanDate('2031-03-01')).toBe('01.03.2031');
  });

  it('shows the time of receipt in German time, summer and winter', () => {
    expect(formatReceivedAt('2026-07-01T10:05:09Z').text).toBe('01.07.2026 um 12:05:09 Uhr');
    expect(formatReceivedAt('2026-12-31T23:30:00Z')).toEqual({ date: '01.01.2027', time: '00:30:00 Uhr', text: '01.01.2027 um 00:30:00 Uhr' });
  });

  it("takes today's date from Germany, not from UTC", () => {
    expect(todayIso(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
  });
});

describe('cancellation schema', () => {
  const visitor = {
    contract_name: 'Hosting',
    type_of_cancellation: 'regular',
    end_of_contract_period: 'select',
    end_of_contract_period_date: '',
    firstname: 'Jürgen',
    lastname: 'Weiß',
    street: 'Ring 1',
    postcode: '50667',
    locality: 'Köln',
    email: 'j@example.test',
  };
  const errors = (schema: v.GenericSchema, input: unknown) => {
    const result = v.safeParse(schema, input);
    return result.success ? {} : fieldErrors(result.issues);
  };

  it('ignores the date unless a date is chosen', () => {
    expect(errors(CancellationFieldsSchema, { ...visitor, end_of_contract_period_date: 'Unsinn' })).toEqual({});
  });

  it('asks only what the declaration needs: the postal address is optional, the e-mail is typed once', () => {
    expect(errors(CancellationFieldsSchema, { ...visitor, street: '', postcode: '', locality: '' })).toEqual({});
    expect(errors(CancellationFieldsSchema, { ...visitor, lastname: '', email: '' })).toEqual({
      lastname: 'Nachname ist erforderlich',
      email: 'E-Mail ist erforderlich',
    });
  });

  it('reports the cross-field rule on the field the person has to change', () => {
    expect(errors(CancellationFieldsSchema, { ...visitor, end_of_contract_period: 'date' })).toEqual({
      end_of_contract_period_date: 'Bitte geben Sie das gewünschte Vertragsende ein.',
    });
  });

  it('asks logged-in customers only for the declaration', () => {
    expect(errors(CustomerCancellationSchema, { contract_name: 'Hosting', type_of_cancellation: 'extraordinary' })).toEqual({});
  });

  it('summarises the declaration as the receipt shows it', () => {
    const declaration = v.parse(CancellationFieldsSchema, { ...visitor, type_of_cancellation: 'extraordinary', cancellation_reason: 'Ausfälle', street_extra: 'Hinterhaus' });
    expect(cancellationSummary(declaration)).toEqual([
      ['Vertrag', 'Hosting'],
      ['Art der Kündigung', 'Außerordentliche Kündigung'],
      ['Kündigungsgrund', 'Ausfälle'],
      ['Gewünschtes Vertragsende', 'zum nächstmöglichen Zeitpunkt'],
      ['Name', 'Jürgen Weiß'],
      ['Anschrift', 'Ring 1, Hinterhaus, 50667 Köln'],
      ['E-Mail', 'j@example.test'],
    ]);
  });
});

describe('order inquiry schema', () => {
  it('turns the budget in whole euros into cents and drops repeated features', () => {
    const output = v.parse(OrderInquiryFieldsSchema, { name: 'E', email: 'e@example.test', inquiry: 'x', topic: 'catalogue', maximum_budget: '5.000 €', features: ['api', 'api'] });
    expect(output.maximum_budget).toBe(500_000);
    expect(output.features).toEqual(['api']);
  });
});
