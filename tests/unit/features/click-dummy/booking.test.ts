import { describe, expect, it } from 'vitest';
import {
  addDays,
  filterAccommodations,
  MAX_NIGHTS,
  nightsBetween,
  priceSummary,
  validateGuest,
  validateStay,
  type Accommodation,
} from '../../../../src/features/click-dummy/booking.ts';
import { formatMonth, monthGrid, nextMonth } from '../../../../src/features/click-dummy/calendar.ts';

const TODAY = '2026-11-23';

const cabin: Accommodation = {
  id: 'huette',
  name: 'Hütte',
  place: 'Schliersee',
  region: 'Alpen',
  scene: 'lake',
  pricePerNight: 11_900,
  cleaningFee: 4_500,
  maxGuests: 3,
  bedrooms: 1,
  rating: 4.9,
  reviews: 84,
  amenities: ['wlan', 'pets'],
  description: 'Holzhütte',
  booked: [['2026-12-01', '2026-12-05']],
};
const loft: Accommodation = { ...cabin, id: 'loft', region: 'Berlin', pricePerNight: 9_900, maxGuests: 2, amenities: ['wlan', 'kitchen'], booked: [] };

describe('booking demo rules', () => {
  it('counts nights across a daylight-saving switch and month ends', () => {
    expect(nightsBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(nightsBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });

  it('filters by region, guests, price and every chosen amenity', () => {
    const all = [cabin, loft];
    expect(filterAccommodations(all, { region: '', guests: 1, maxPrice: 0, amenities: [] })).toEqual(all);
    expect(filterAccommodations(all, { region: 'Berlin', guests: 1, maxPrice: 0, amenities: [] })).toEqual([loft]);
    expect(filterAccommodations(all, { region: '', guests: 3, maxPrice: 0, amenities: [] })).toEqual([cabin]);
    expect(filterAccommodations(all, { region: '', guests: 1, maxPrice: 10_000, amenities: [] })).toEqual([loft]);
    expect(filterAccommodations(all, { region: '', guests: 1, maxPrice: 0, amenities: ['wlan', 'pets'] })).toEqual([cabin]);
  });

  it('accepts a free stay within the limits', () => {
    expect(validateStay(cabin, { arrival: '2026-12-05', departure: '2026-12-08', guests: 3 }, TODAY)).toEqual({});
  });

  it('names each problem of a stay in German', () => {
    expect(validateStay(cabin, { arrival: '', departure: '', guests: 2 }, TODAY)).toEqual({
      arrival: 'Bitte wählen Sie ein Anreisedatum.',
      departure: 'Bitte wählen Sie ein Abreisedatum.',
    });
    expect(validateStay(cabin, { arrival: '2026-11-22', departure: '2026-11-24', guests: 2 }, TODAY).arrival).toBe(
      'Die Anreise darf nicht in der Vergangenheit liegen.',
    );
    expect(validateStay(cabin, { arrival: '2026-12-10', departure: '2026-12-10', guests: 2 }, TODAY).departure).toMatch(/mindestens einen Tag/);
    expect(validateStay(cabin, { arrival: '2026-12-10', departure: addDays('2026-12-10', MAX_NIGHTS + 1), guests: 2 }, TODAY).departure).toMatch(/höchstens 28 Nächte/);
    expect(validateStay(cabin, { arrival: '2026-11-28', departure: '2026-12-02', guests: 2 }, TODAY).departure).toMatch(/bereits belegt/);
    expect(validateStay(cabin, { arrival: '2026-12-06', departure: '2026-12-08', guests: 4 }, TODAY).guests).toBe(
      'Diese Unterkunft bietet Platz für höchstens 3 Gäste.',
    );
    expect(validateStay(cabin, { arrival: '2026-12-06', departure: '2026-12-08', guests: Number.NaN }, TODAY).guests).toMatch(/mindestens einen Gast/);
  });

  it('lets a stay start on the day a booking ends (departure and arrival share no night)', () => {
    expect(validateStay(cabin, { arrival: '2026-11-28', departure: '2026-12-01', guests: 1 }, TODAY)).toEqual({});
  });

  it('prices nights × price per night plus the final cleaning, in cents', () => {
    expect(priceSummary(cabin, 3)).toEqual({ nights: 3, pricePerNight: 11_900, lodging: 35_700, cleaningFee: 4_500, total: 40_200 });
  });

  it('checks the guest details of the booking form', () => {
    expect(validateGuest({ name: 'Erika', email: 'erika@example.test', phone: '', notes: '' })).toEqual({});
    expect(validateGuest({ name: ' ', email: 'erika@', phone: 'abc', notes: '' })).toEqual({
      name: 'Bitte geben Sie Ihren Namen ein.',
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      phone: 'Bitte geben Sie eine gültige Telefonnummer ein.',
    });
  });
});

describe('availability calendar months', () => {
  it('lays a month out in weeks from Monday to Sunday', () => {
    // 1 December 2026 is a Tuesday.
    const weeks = monthGrid(2026, 12);
    expect(weeks[0]).toEqual([null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect(weeks.at(-1)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    // February 2027 starts on a Monday and fills exactly four weeks.
    expect(monthGrid(2027, 2)).toHaveLength(4);
  });

  it('moves on to January after December and names months in German', () => {
    expect(nextMonth(2026, 12)).toEqual([2027, 1]);
    expect(nextMonth(2026, 3)).toEqual([2026, 4]);
    expect(formatMonth(2027, 3)).toBe('März 2027');
  });
});
