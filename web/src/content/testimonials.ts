/** Fixed sample testimonials, as the spec gives them (the home page shows the first six). */
export interface Testimonial {
  id: number;
  name: string;
  role: string;
  company: string;
  quote: string;
  rating: 1 | 2 | 3 | 4 | 5;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  { id: 1, name: "Sarah Johnson", role: "Marketing Director", company: "Brightline Media", quote: "Merging our monthly reports used to take an afternoon. Now it takes a minute, and the bookmarks survive.", rating: 5 },
  { id: 2, name: "David Chen", role: "Graduate Student", company: "State University", quote: "I split and compress papers for my thesis every week. No account, no watermark, it just works.", rating: 5 },
  { id: 3, name: "Maria Garcia", role: "Office Manager", company: "Garcia & Partners", quote: "Protecting contracts with a password before emailing them is now part of our routine.", rating: 5 },
  { id: 4, name: "James Wilson", role: "Freelance Designer", company: "Wilson Studio", quote: "Organizing pages by their thumbnails is exactly what I needed for client portfolios.", rating: 4 },
  { id: 5, name: "Aisha Patel", role: "Paralegal", company: "Northgate Law", quote: "Page numbers and watermarks on long filings, done in seconds. The files stay crisp.", rating: 5 },
  { id: 6, name: "Tom Becker", role: "Teacher", company: "Riverside School", quote: "I remove the answer pages before handing out worksheets. Simple and quick.", rating: 5 },
  { id: 7, name: "Lena Novak", role: "Accountant", company: "Novak Advisory", quote: "Unlocking statements I have the password for saves me a lot of retyping.", rating: 4 },
  { id: 8, name: "Carlos Mendes", role: "Project Manager", company: "Atlas Build", quote: "Rotating scanned drawings the right way round finally takes one click.", rating: 5 },
];
