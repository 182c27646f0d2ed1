/**
 * Attributes for an element that may scroll (a code block, a JSON panel, a table): a keyboard user
 * can focus it to scroll it, and a screen reader announces what it holds (WCAG 2.1.1;
 * docs/decisions/027-accessibility.md).
 */
export function scrollRegion(label: string) {
  return { tabIndex: 0, role: 'region', 'aria-label': label } as const;
}
