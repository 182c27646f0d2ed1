/** The contact form's subjects (docs/product.md §2.8): one list for the form, the API contract and the database. */

export const CONTACT_SUBJECTS = [
  { value: 'technical', label: 'Technical Support' },
  { value: 'partnership', label: 'Partnership Inquiry' },
  { value: 'integration', label: 'Integration Questions' },
  { value: 'general', label: 'General Inquiry' },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value'];

/** The subject values as a non-empty tuple, for z.enum and drizzle's text enum. */
export const CONTACT_SUBJECT_VALUES = CONTACT_SUBJECTS.map((s) => s.value) as [ContactSubject, ...ContactSubject[]];
