import { addDays, type Accommodation, type Amenity } from '../../booking.ts';

export const AMENITY_LABELS: Record<Amenity, string> = {
  wlan: 'WLAN',
  parking: 'Parkplatz',
  pets: 'Haustiere erlaubt',
  sauna: 'Sauna',
  kitchen: 'Küche',
  balcony: 'Balkon oder Terrasse',
};

export const REGIONS = ['Ostsee', 'Nordsee', 'Alpen', 'Schwarzwald', 'Berlin'] as const;

type DemoAccommodation = Omit<Accommodation, 'booked'> & {
  /** Booked periods as [arrival, departure) in days from today. */
  booked: [number, number][];
};

// Three lines an entry (place and size, price and equipment, description): all six have the same
// fields, and a field a line would only repeat that shape six times.
const ACCOMMODATIONS: DemoAccommodation[] = [
  { id: 'strandhaus-duene', name: 'Strandhaus Düne 7', place: 'Zingst', region: 'Ostsee', scene: 'sea', maxGuests: 4, bedrooms: 2, rating: 4.8, reviews: 126,
    pricePerNight: 14_900, cleaningFee: 6_000, amenities: ['wlan', 'parking', 'kitchen', 'balcony'], booked: [[3, 8], [20, 27]],
    description: 'Reetgedecktes Haus hinter der Düne, 150 Meter bis zum Strand. Zwei Schlafzimmer, offene Wohnküche mit Kamin und eine Südterrasse mit Strandkorb.' },
  { id: 'seeblick-huette', name: 'Hütte am Seeblick', place: 'Schliersee', region: 'Alpen', scene: 'lake', maxGuests: 3, bedrooms: 1, rating: 4.9, reviews: 84,
    pricePerNight: 11_900, cleaningFee: 4_500, amenities: ['wlan', 'parking', 'pets', 'balcony'], booked: [[1, 4], [12, 16]],
    description: 'Holzhütte mit eigenem Steg, Blick über den See auf die Berge. Ideal für Paare und kleine Familien, Hunde sind willkommen.' },
  { id: 'chalet-gipfelglueck', name: 'Chalet Gipfelglück', place: 'Oberstdorf', region: 'Alpen', scene: 'mountain', maxGuests: 8, bedrooms: 4, rating: 4.7, reviews: 59,
    pricePerNight: 24_500, cleaningFee: 9_000, amenities: ['wlan', 'parking', 'sauna', 'kitchen', 'balcony'], booked: [[6, 13]],
    description: 'Großzügiges Chalet für Gruppen: vier Schlafzimmer, eigene Sauna, Skiraum und Panoramabalkon. Die Bergbahn liegt fünf Gehminuten entfernt.' },
  { id: 'altbau-loft', name: 'Altbau-Loft am Kanal', place: 'Berlin-Kreuzberg', region: 'Berlin', scene: 'city', maxGuests: 2, bedrooms: 1, rating: 4.6, reviews: 212,
    pricePerNight: 9_900, cleaningFee: 3_500, amenities: ['wlan', 'kitchen'], booked: [[2, 5], [9, 11], [15, 18]],
    description: 'Helles Loft im Altbau mit vier Meter hohen Decken, direkt am Landwehrkanal. Cafés, Märkte und die U-Bahn liegen vor der Tür.' },
  { id: 'waldhaus-tannenruh', name: 'Waldhaus Tannenruh', place: 'Baiersbronn', region: 'Schwarzwald', scene: 'forest', maxGuests: 6, bedrooms: 3, rating: 4.8, reviews: 97,
    pricePerNight: 13_500, cleaningFee: 5_500, amenities: ['wlan', 'parking', 'pets', 'sauna', 'kitchen'], booked: [[10, 17]],
    description: 'Alleinlage am Waldrand mit Fasssauna im Garten. Wanderwege starten am Haus, im Winter führt eine Loipe vorbei.' },
  { id: 'friesenhof', name: 'Ferienhof Friesenglück', place: 'Husum', region: 'Nordsee', scene: 'meadow', maxGuests: 5, bedrooms: 2, rating: 4.5, reviews: 143,
    pricePerNight: 8_900, cleaningFee: 4_000, amenities: ['parking', 'pets', 'kitchen', 'balcony'], booked: [[4, 9], [18, 22]],
    description: 'Wohnung auf einem ehemaligen Bauernhof zwischen Deich und Weiden. Kinder füttern morgens die Ziegen, Fahrräder stehen bereit.' },
];

/**
 * The demo's accommodations. Booked periods are days counted from today, so the calendar always
 * has free and taken nights ahead, whenever the demo is opened.
 */
export function demoAccommodations(today: string): Accommodation[] {
  return ACCOMMODATIONS.map((a) => ({ ...a, booked: a.booked.map(([from, to]): [string, string] => [addDays(today, from), addDays(today, to)]) }));
}
