/**
 * Static placeholder content of spec section 2 ("Offers for you and Recent Reviews, static placeholder
 * content"; the provider profile's "hard-coded samples"). Shown only when the API has nothing real
 * (the fidelity policy at the top of docs/deviations.md).
 */

export interface SampleReview {
  id: string;
  name: string;
  rating: number;
  feedback: string;
}

export const SAMPLE_REVIEWS: SampleReview[] = [
  { id: 's1', name: 'Sarah Johnson', rating: 5, feedback: 'Very professional and on time. The ride was smooth and comfortable.' },
  { id: 's2', name: 'Michael Brown', rating: 4, feedback: 'Friendly driver who knew the city well. Would book again.' },
  { id: 's3', name: 'Emily Davis', rating: 5, feedback: 'Great service from booking to drop-off. Highly recommended!' },
];

export interface Offer {
  id: string;
  title: string;
  text: string;
  code: string;
}

export const OFFERS: Offer[] = [
  { id: 'o1', title: '20% off your first ride', text: 'Book any driver this week and save on your first trip.', code: 'FIRST20' },
  {
    id: 'o2',
    title: 'Free delivery on weekends',
    text: 'Same-day parcel delivery at no extra charge every Saturday and Sunday.',
    code: 'WEEKEND',
  },
];

/** The About text of a provider without a bio. */
export const DEFAULT_BIO =
  'A certified driver on our platform: verified, insured and rated by customers after every ride. Book with confidence.';
