/**
 * Fixed sample testimonials, as the spec gives them (the home page shows the first six). Names and companies are
 * proper names; each role and quote is in the catalogues ("home" namespace, testimonials.items.<id>).
 */
export interface Testimonial {
  id: number;
  name: string;
  company: string;
  rating: 1 | 2 | 3 | 4 | 5;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  { id: 1, name: "Sarah Johnson", company: "Brightline Media", rating: 5 },
  { id: 2, name: "David Chen", company: "State University", rating: 5 },
  { id: 3, name: "Maria Garcia", company: "Garcia & Partners", rating: 5 },
  { id: 4, name: "James Wilson", company: "Wilson Studio", rating: 4 },
  { id: 5, name: "Aisha Patel", company: "Northgate Law", rating: 5 },
  { id: 6, name: "Tom Becker", company: "Riverside School", rating: 5 },
  { id: 7, name: "Lena Novak", company: "Novak Advisory", rating: 4 },
  { id: 8, name: "Carlos Mendes", company: "Atlas Build", rating: 5 },
];
