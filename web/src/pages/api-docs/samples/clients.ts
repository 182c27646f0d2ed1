/**
 * The API-call helper every Python and Node.js sample starts with: the base URL, the key pair and a
 * `call(path, body)` that POSTs JSON and turns an error body into a readable failure. Each sample
 * stays a self-contained file; only the generator shares this text.
 */
import { quoted, type SampleConfig } from './config.ts';

/** `API_URL`, `API_KEY`, `API_SECRET` and `call()` in Python (standard library only). */
export function pythonClient(c: SampleConfig): string {
  return `API_URL = ${quoted(c.baseUrl)}
API_KEY = ${quoted(c.apiKey)}
API_SECRET = ${quoted(c.apiSecret)}  # keep it out of source control, e.g. in an environment variable


def call(path, body):
    request = urllib.request.Request(
        API_URL + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "x-api-key": API_KEY, "x-api-secret": API_SECRET},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        problem = json.load(error)  # {"message", "code", "param"?, "requestId"}
        raise SystemExit(f"{error.code} {problem['code']}: {problem['message']}")`;
}

/** `API_URL`, `headers` and `call()` in Node.js 18+ (global fetch). */
export function nodeClient(c: SampleConfig): string {
  return `const API_URL = ${quoted(c.baseUrl)};
const headers = {
  'Content-Type': 'application/json',
  'x-api-key': ${quoted(c.apiKey)},
  'x-api-secret': ${quoted(c.apiSecret)}, // keep it out of source control, e.g. process.env
};

async function call(path, body) {
  const res = await fetch(API_URL + path, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const json = await res.json();
  // Errors are { message, code, param?, requestId }.
  if (!res.ok) throw new Error(\`\${res.status} \${json.code}: \${json.message}\`);
  return json;
}`;
}
