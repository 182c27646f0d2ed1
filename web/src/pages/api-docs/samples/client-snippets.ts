/**
 * The API docs' "Client and CLI" section: the few lines that sign a message with the repository's
 * typed client (client/, docs/client.md) and with its pq command line, each run as shown against a
 * live server by client-snippets.test.ts.
 */
import type { SampleConfig } from './config.ts';
import { environmentLines } from './files.ts';

export const CLIENT_MESSAGE = 'pay 10 to Bob';

/** TypeScript: sign through the API, then check the answer offline with the client's WebAssembly engine. */
export const clientSnippet = (): string => `import { PqClient, verifyDilion } from '@pq-platform/client';

const pq = new PqClient(); // reads PQ_API_URL, PQ_API_KEY and PQ_API_SECRET
const signed = await pq.dilion.sign({ message: '${CLIENT_MESSAGE}', sid: 'shop' });
const { valid } = await verifyDilion(signed, { message: '${CLIENT_MESSAGE}' }); // offline: no API call
console.log(valid);
`;

/** Shell: the environment from `config`, then pq signs and verifies (exit 0 valid, 1 invalid, 2 error). */
export const cliSnippet = (config: SampleConfig): string => `${environmentLines(config)}
npx pq sign "${CLIENT_MESSAGE}" --sid shop --out sig.json
npx pq verify "${CLIENT_MESSAGE}" --signature sig.json && echo valid
`;
