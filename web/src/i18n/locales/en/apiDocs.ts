/** The API docs page: authentication, endpoints, samples. */
export default {
  title: 'API Documentation',
} as const;
