import { describe, expect, it } from 'vitest';
import { AUTOFILL_JSON_ERROR, valuesFromJson, valuesFromVcard } from '../../../src/lib/forms/autofill.ts';

describe('JSON autofill', () => {
  it('takes strings, booleans and numbers by key', () => {
    expect(valuesFromJson('{"name":"Erika","consent":true,"customer_id":4711,"nested":{"x":1},"list":[1]}')).toEqual({
      name: 'Erika',
      consent: true,
      customer_id: '4711',
    });
  });

  it('reports unreadable files with the German message', () => {
    expect(() => valuesFromJson('{name:')).toThrow(AUTOFILL_JSON_ERROR);
    expect(() => valuesFromJson('[1,2]')).toThrow(AUTOFILL_JSON_ERROR);
  });
});

describe('vCard autofill', () => {
  it('reads name, e-mail and phone, also from folded lines', () => {
    const card = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Mustermann;Erika;;;',
      'FN:Erika Muster',
      ' mann',
      'EMAIL;TYPE=INTERNET:erika@example.de',
      'TEL;TYPE=CELL:+49 170 1234567',
      'END:VCARD',
    ].join('\r\n');
    expect(valuesFromVcard(card)).toEqual({ name: 'Erika Mustermann', email: 'erika@example.de', phone: '+49 170 1234567' });
  });

  it('falls back to the structured name', () => {
    expect(valuesFromVcard('BEGIN:VCARD\nN:Schäfer;Jörg\nEND:VCARD')).toEqual({ name: 'Jörg Schäfer' });
  });
});
