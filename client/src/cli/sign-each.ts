/**
 * `pq sign --each FILE…`: each file's SHA-512 digest signed by one managed key through
 * /api/v1/keys/{keyId}/sign-batch, 100 items to a call (docs/api.md §7.5). Each answer is written
 * to FILE.sig.json, the shape of a single sign's answer so `pq verify` reads it, or printed as one
 * JSON line per file. Items the server refused (metering, engine) are reported with their code
 * and make the exit code 2; a refused batch (a bad key, say) stops the run there.
 */
import { access, constants } from 'node:fs/promises';
import type { PqClient } from '../client.ts';
import { UsageError } from './args.ts';
import { sha512Of } from './input.ts';
import { EXIT, InputError, writeAnswer, type Io } from './io.ts';
import { createProgress } from './progress.ts';

/** The most items one sign-batch call takes (MAX_BATCH_ITEMS in server/contract/batch.ts). */
export const BATCH_ITEMS = 100;

export async function signEach(pq: PqClient, keyId: string, files: string[], json: boolean, io: Io): Promise<number> {
  if (files.length === 0) throw new UsageError('--each needs the files to sign as arguments', 'sign');
  // Every file readable before anything is signed, so a typo does not leave half the files done.
  for (const file of files) await access(file, constants.R_OK).catch(() => Promise.reject(new InputError(`cannot read ${file}: no such file, or not readable`)));
  const progress = createProgress(io.stderr, files.length);
  let signed = 0;
  const refused: string[] = [];
  let key = '';
  try {
    for (let start = 0; start < files.length; start += BATCH_ITEMS) {
      const batch = files.slice(start, start + BATCH_ITEMS);
      const items = [];
      for (const [i, file] of batch.entries()) {
        progress.detail(start + i, `hashing ${file}`);
        items.push({ message: (await sha512Of({ kind: 'file', path: file }, io)).toString('base64'), messageType: 'digest' as const, digestAlgorithm: 'sha512' as const });
      }
      progress.update(start, `signing ${batch.length} file${batch.length === 1 ? '' : 's'}`);
      const answer = await pq.keys.signBatch(keyId, { items });
      key = `${answer.keyId} (${answer.algorithm} version ${answer.keyVersion})`;
      for (const result of answer.results) {
        const file = batch[result.index]!;
        if ('error' in result) {
          refused.push(file);
          progress.clear();
          io.stderr.write(`${progressSafe(file)}: refused: ${result.error.code}: ${result.error.message}\n`);
          if (json) io.stdout.write(`${JSON.stringify({ file, error: result.error })}\n`);
          continue;
        }
        const signature = { keyId: answer.keyId, keyVersion: answer.keyVersion, algorithm: answer.algorithm, messageType: result.messageType, tr: answer.tr, signature: result.signature };
        if (json) io.stdout.write(`${JSON.stringify({ file, ...signature })}\n`);
        else await writeAnswer(`${file}.sig.json`, signature);
        signed++;
      }
      progress.update(start + batch.length, `signed ${signed} of ${files.length}`);
    }
  } finally {
    progress.clear();
  }
  if (!json) io.stdout.write(`signed ${signed} of ${files.length} file${files.length === 1 ? '' : 's'} with ${key}${signed > 0 ? ': each FILE.sig.json written' : ''}\n`);
  return refused.length > 0 ? EXIT.error : EXIT.ok;
}

/** A file name on its own line, whatever it holds (a newline in a name would split the report). */
const progressSafe = (file: string) => JSON.stringify(file).slice(1, -1);
