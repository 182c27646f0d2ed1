/** The home page: hero, algorithms, integration, pricing, trusted-by. */
export default {
  title: 'Post-quantum cryptography as an API',
} as const;
