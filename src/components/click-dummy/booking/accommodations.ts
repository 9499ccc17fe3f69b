import { addDays, type Accommodation, type Amenity } from '../../../lib/click-dummy/booking.ts';

export const AMENITY_LABELS: Record<Amenity, string> = {
  wlan: 'WLAN',
  parking: 'Parkplatz',
  pets: 'Haustiere erlaubt',
  sauna: 'Sauna',
  kitchen: 'Küche',
  balcony: 'Balkon oder Terrasse',
};

export const REGIONS = ['Ostsee', 'Nordsee', 'Alpen', 'Schwarzwald', 'Berlin'] as const;

/**
 * The demo's accommodations. Booked periods are days counted from today, so the calendar always
 * has free and taken nights ahead, whenever the demo is opened.
 */
export function demoAccommodations(today: string): Accommodation[] {
  const booked = (...periods: [number, number][]): [string, string][] => periods.map(([from, to]) => [addDays(today, from), addDays(today, to)]);
  return [
    {
      id: 'strandhaus-duene',
      name: 'Strandhaus Düne 7',
      place: 'Zingst',
      region: 'Ostsee',
      scene: 'sea',
      pricePerNight: 14_900,
      cleaningFee: 6_000,
      maxGuests: 4,
      bedrooms: 2,
      rating: 4.8,
      reviews: 126,
      amenities: ['wlan', 'parking', 'kitchen', 'balcony'],
      description:
        'Reetgedecktes Haus hinter der Düne, 150 Meter bis zum Strand. Zwei Schlafzimmer, offene Wohnküche mit Kamin und eine Südterrasse mit Strandkorb.',
      booked: booked([3, 8], [20, 27]),
    },
    {
      id: 'seeblick-huette',
      name: 'Hütte am Seeblick',
      place: 'Schliersee',
      region: 'Alpen',
      scene: 'lake',
      pricePerNight: 11_900,
      cleaningFee: 4_500,
      maxGuests: 3,
      bedrooms: 1,
      rating: 4.9,
      reviews: 84,
      amenities: ['wlan', 'parking', 'pets', 'balcony'],
      description: 'Holzhütte mit eigenem Steg, Blick über den See auf die Berge. Ideal für Paare und kleine Familien, Hunde sind willkommen.',
      booked: booked([1, 4], [12, 16]),
    },
    {
      id: 'chalet-gipfelglueck',
      name: 'Chalet Gipfelglück',
      place: 'Oberstdorf',
      region: 'Alpen',
      scene: 'mountain',
      pricePerNight: 24_500,
      cleaningFee: 9_000,
      maxGuests: 8,
      bedrooms: 4,
      rating: 4.7,
      reviews: 59,
      amenities: ['wlan', 'parking', 'sauna', 'kitchen', 'balcony'],
      description: 'Großzügiges Chalet für Gruppen: vier Schlafzimmer, eigene Sauna, Skiraum und Panoramabalkon. Die Bergbahn liegt fünf Gehminuten entfernt.',
      booked: booked([6, 13]),
    },
    {
      id: 'altbau-loft',
      name: 'Altbau-Loft am Kanal',
      place: 'Berlin-Kreuzberg',
      region: 'Berlin',
      scene: 'city',
      pricePerNight: 9_900,
      cleaningFee: 3_500,
      maxGuests: 2,
      bedrooms: 1,
      rating: 4.6,
      reviews: 212,
      amenities: ['wlan', 'kitchen'],
      description: 'Helles Loft im Altbau mit vier Meter hohen Decken, direkt am Landwehrkanal. Cafés, Märkte und die U-Bahn liegen vor der Tür.',
      booked: booked([2, 5], [9, 11], [15, 18]),
    },
    {
      id: 'waldhaus-tannenruh',
      name: 'Waldhaus Tannenruh',
      place: 'Baiersbronn',
      region: 'Schwarzwald',
      scene: 'forest',
      pricePerNight: 13_500,
      cleaningFee: 5_500,
      maxGuests: 6,
      bedrooms: 3,
      rating: 4.8,
      reviews: 97,
      amenities: ['wlan', 'parking', 'pets', 'sauna', 'kitchen'],
      description: 'Alleinlage am Waldrand mit Fasssauna im Garten. Wanderwege starten am Haus, im Winter führt eine Loipe vorbei.',
      booked: booked([10, 17]),
    },
    {
      id: 'friesenhof',
      name: 'Ferienhof Friesenglück',
      place: 'Husum',
      region: 'Nordsee',
      scene: 'meadow',
      pricePerNight: 8_900,
      cleaningFee: 4_000,
      maxGuests: 5,
      bedrooms: 2,
      rating: 4.5,
      reviews: 143,
      amenities: ['parking', 'pets', 'kitchen', 'balcony'],
      description: 'Wohnung auf einem ehemaligen Bauernhof zwischen Deich und Weiden. Kinder füttern morgens die Ziegen, Fahrräder stehen bereit.',
      booked: booked([4, 9], [18, 22]),
    },
  ];
}
