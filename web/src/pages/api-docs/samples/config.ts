/** What a code sample needs to run as-is: where the API is and which key pair to send. */

export type Language = 'python' | 'node' | 'rust' | 'cpp' | 'go';

export const LANGUAGES: { value: Language; label: string; file: string }[] = [
  { value: 'python', label: 'Python', file: 'example.py' },
  { value: 'node', label: 'Node.js', file: 'example.mjs' },
  { value: 'rust', label: 'Rust', file: 'src/main.rs' },
  { value: 'cpp', label: 'C++', file: 'example.cpp' },
  { value: 'go', label: 'Go', file: 'main.go' },
];

export interface SampleConfig {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
}

/** Placeholders shown on the page; a reader replaces them with a key pair from the API-key endpoints (POST /api/v1/api-keys). */
export const PLACEHOLDER_KEYS = { apiKey: 'pk_your_api_key', apiSecret: 'sk_your_api_secret' } as const;

/** A string literal that is valid in every sample language (double quotes, escaped). */
export const quoted = (s: string) => JSON.stringify(s);
