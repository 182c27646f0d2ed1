/**
 * The Dilion tab's samples are the repository's samples/ programs themselves (samples/README.md),
 * imported as text: what the page shows is what CI builds and runs against a live server
 * (samples/samples.test.ts). They read their settings from the environment, so the page pairs
 * each with the shell lines that set them, filled in with the reader's base URL and key pair.
 */
import cppSample from '../../../../../samples/cpp/pq_sample.cpp?raw';
import goSample from '../../../../../samples/go/main.go?raw';
import nodeSample from '../../../../../samples/node/pq-sample.mjs?raw';
import pythonSample from '../../../../../samples/python/pq_sample.py?raw';
import cargoToml from '../../../../../samples/rust/Cargo.toml?raw';
import rustSample from '../../../../../samples/rust/src/main.rs?raw';
import type { Language, SampleConfig } from './config.ts';

export interface SampleFile {
  /** The file's path under samples/ in the repository. */
  path: string;
  /** The name a reader saves it under, relative to where they run the program. */
  name: string;
  text: string;
}

export interface FileSample {
  files: SampleFile[];
  /** The shell lines that build and run it, after the environment is set. */
  run: string;
}

const FILES: Record<Language, FileSample> = {
  python: { files: [{ path: 'python/pq_sample.py', name: 'pq_sample.py', text: pythonSample }], run: 'python3 pq_sample.py' },
  node: {
    files: [{ path: 'node/pq-sample.mjs', name: 'pq-sample.mjs', text: nodeSample }],
    run: 'npm install @noble/post-quantum\nnode pq-sample.mjs',
  },
  rust: {
    files: [
      { path: 'rust/src/main.rs', name: 'src/main.rs', text: rustSample },
      { path: 'rust/Cargo.toml', name: 'Cargo.toml', text: cargoToml },
    ],
    run: 'cargo run',
  },
  cpp: {
    files: [{ path: 'cpp/pq_sample.cpp', name: 'pq_sample.cpp', text: cppSample }],
    run: 'g++ -std=c++17 -O2 -o pq_sample pq_sample.cpp -lcurl\n./pq_sample',
  },
  go: { files: [{ path: 'go/main.go', name: 'main.go', text: goSample }], run: 'go run main.go' },
};

/** Double quotes for the shell, escaping what a double-quoted word would expand. */
const shellQuoted = (s: string) => `"${s.replace(/["$`\\]/g, (c) => `\\${c}`)}"`;

/** The shell lines that set PQ_API_URL, PQ_API_KEY and PQ_API_SECRET from `config`, which the samples, the client and pq read. */
export const environmentLines = (config: SampleConfig) =>
  `export PQ_API_URL=${shellQuoted(config.baseUrl)}\nexport PQ_API_KEY=${shellQuoted(config.apiKey)}\nexport PQ_API_SECRET=${shellQuoted(config.apiSecret)}`;

/** The program of `lang` and the lines that set its environment from `config`, then build and run it. */
export function fileSample(lang: Language, config: SampleConfig): { files: SampleFile[]; shell: string } {
  const { files, run } = FILES[lang];
  return { files, shell: `${environmentLines(config)}\n${run}\n` };
}
