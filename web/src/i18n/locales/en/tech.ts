/** The technology page and the test plans page. */
export default {
  title: 'Technology',
} as const;
