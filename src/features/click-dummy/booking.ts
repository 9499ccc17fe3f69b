/**
 * The rules of the booking demo (a click dummy of an accommodation-booking app): filters, stay
 * validation and the price summary. Pure, so they are tested apart from the screens. Dates are
 * ISO calendar days ('2026-12-24'), counted in UTC so that a daylight-saving switch never turns
 * a night into 23 or 25 hours.
 */

export type Amenity = 'wlan' | 'parking' | 'pets' | 'sauna' | 'kitchen' | 'balcony';

export type Scene = 'lake' | 'sea' | 'mountain' | 'city' | 'forest' | 'meadow';

export interface Accommodation {
  id: string;
  name: string;
  place: string;
  region: string;
  scene: Scene;
  /** Price per night in cents. */
  pricePerNight: number;
  /** One-off final cleaning in cents. */
  cleaningFee: number;
  maxGuests: number;
  bedrooms: number;
  /** Average rating, 1.0 to 5.0. */
  rating: number;
  reviews: number;
  amenities: Amenity[];
  description: string;
  /** Booked nights as [arrival, departure) pairs of ISO days. */
  booked: [string, string][];
}

export interface AccommodationFilter {
  region: string;
  guests: number;
  /** Highest price per night in cents; 0 means any. */
  maxPrice: number;
  amenities: Amenity[];
}

export const MAX_NIGHTS = 28;

const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumber(isoDay: string): number {
  return Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS;
}

export function addDays(isoDay: string, days: number): string {
  return new Date((dayNumber(isoDay) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Today's calendar day where the visitor is. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function nightsBetween(arrival: string, departure: string): number {
  return dayNumber(departure) - dayNumber(arrival);
}

export function filterAccommodations(list: readonly Accommodation[], filter: AccommodationFilter): Accommodation[] {
  return list.filter(
    (a) =>
      (filter.region === '' || a.region === filter.region) &&
      a.maxGuests >= filter.guests &&
      (filter.maxPrice === 0 || a.pricePerNight <= filter.maxPrice) &&
      filter.amenities.every((amenity) => a.amenities.includes(amenity)),
  );
}

export interface StayInput {
  arrival: string;
  departure: string;
  guests: number;
}

export type StayErrors = Partial<Record<keyof StayInput, string>>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether [arrival, departure) shares a night with a booked period. */
function overlapsBooking(accommodation: Accommodation, arrival: string, departure: string): boolean {
  return accommodation.booked.some(([from, to]) => arrival < to && from < departure);
}

/** German messages per field; an empty object means the stay can be booked. */
export function validateStay(accommodation: Accommodation, stay: StayInput, today: string): StayErrors {
  const errors: StayErrors = {};
  if (!ISO_DAY.test(stay.arrival)) errors.arrival = 'Bitte wählen Sie ein Anreisedatum.';
  else if (stay.arrival < today) errors.arrival = 'Die Anreise darf nicht in der Vergangenheit liegen.';
  if (!ISO_DAY.test(stay.departure)) errors.departure = 'Bitte wählen Sie ein Abreisedatum.';
  else if (!errors.arrival) {
    const nights = nightsBetween(stay.arrival, stay.departure);
    if (nights < 1) errors.departure = 'Die Abreise muss mindestens einen Tag nach der Anreise liegen.';
    else if (nights > MAX_NIGHTS) errors.departure = `Bitte buchen Sie höchstens ${MAX_NIGHTS} Nächte am Stück.`;
    else if (overlapsBooking(accommodation, stay.arrival, stay.departure))
      errors.departure = 'In diesem Zeitraum ist die Unterkunft bereits belegt. Bitte wählen Sie andere Tage.';
  }
  if (!Number.isInteger(stay.guests) || stay.guests < 1) errors.guests = 'Bitte geben Sie mindestens einen Gast an.';
  else if (stay.guests > accommodation.maxGuests) errors.guests = `Diese Unterkunft bietet Platz für höchstens ${accommodation.maxGuests} Gäste.`;
  return errors;
}

export interface PriceSummary {
  nights: number;
  pricePerNight: number;
  /** Price per night × nights, in cents. */
  lodging: number;
  cleaningFee: number;
  total: number;
}

export function priceSummary(accommodation: Accommodation, nights: number): PriceSummary {
  const lodging = accommodation.pricePerNight * nights;
  return { nights, pricePerNight: accommodation.pricePerNight, lodging, cleaningFee: accommodation.cleaningFee, total: lodging + accommodation.cleaningFee };
}

export interface GuestDetails {
  name: string;
  email: string;
  phone: string;
  notes: string;
}

export type GuestErrors = Partial<Record<keyof GuestDetails, string>>;

export function validateGuest(guest: GuestDetails): GuestErrors {
  const errors: GuestErrors = {};
  if (guest.name.trim() === '') errors.name = 'Bitte geben Sie Ihren Namen ein.';
  if (guest.email.trim() === '') errors.email = 'Bitte geben Sie Ihre E-Mail-Adresse ein.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(guest.email.trim())) errors.email = 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
  if (guest.phone.trim() !== '' && !/^\+?[\d\s/()-]{6,}$/.test(guest.phone.trim())) errors.phone = 'Bitte geben Sie eine gültige Telefonnummer ein.';
  return errors;
}

const germanDay = new Intl.DateTimeFormat('de-DE', { weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** 'Do., 24.12.2026' */
export function formatDay(isoDay: string): string {
  return germanDay.format(new Date(`${isoDay}T00:00:00Z`));
}
