/** The contact page, the history page, the 404 page, privacy and terms. */
export default {
  title: 'Pages',
} as const;
