/**
 * The mail outbox (docs/decisions/037): on a server nobody else can reach and with no SMTP, each mail
 * the server would send is kept as one file in DATA_DIR/outbox (mode 0600), newest last, and the
 * operator reads them there or at /outbox from this machine, so verification and reset links work
 * offline. At most LIMIT files are kept: the oldest go first.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface KeptMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  date: string;
  text: string;
}

const LIMIT = 200;
const ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;
/** Header values on one line: a newline in a subject must not start a header of its own. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

export class Outbox {
  constructor(
    readonly dir: string,
    private readonly now: () => Date = () => new Date(),
    private readonly limit = LIMIT,
  ) {}

  /** Keeps one mail; returns its id (the file name without .eml). */
  keep(mail: { from: string; to: string; subject: string; text: string }): string {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const date = this.now();
    const id = `${date.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
    const head = [`From: ${oneLine(mail.from)}`, `To: ${oneLine(mail.to)}`, `Subject: ${oneLine(mail.subject)}`, `Date: ${date.toUTCString()}`];
    writeFileSync(join(this.dir, `${id}.eml`), `${head.join('\r\n')}\r\n\r\n${mail.text}\r\n`, { mode: 0o600 });
    for (const old of this.ids().slice(0, -this.limit)) rmSync(join(this.dir, `${old}.eml`), { force: true });
    return id;
  }

  /** The kept mails, newest first. */
  list(): KeptMail[] {
    return this.ids().reverse().map((id) => this.read(id)!).filter(Boolean);
  }

  read(id: string): KeptMail | undefined {
    if (!ID.test(id)) return undefined;
    let raw: string;
    try {
      raw = readFileSync(join(this.dir, `${id}.eml`), 'utf8');
    } catch {
      return undefined;
    }
    const split = raw.indexOf('\r\n\r\n');
    const headers = Object.fromEntries(
      raw.slice(0, split).split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 2)]),
    );
    return { id, from: headers.from ?? '', to: headers.to ?? '', subject: headers.subject ?? '', date: headers.date ?? '', text: raw.slice(split + 4).replace(/\r\n$/, '') };
  }

  private ids(): string[] {
    try {
      return readdirSync(this.dir).filter((f) => f.endsWith('.eml')).map((f) => f.slice(0, -4)).filter((id) => ID.test(id)).sort();
    } catch {
      return [];
    }
  }
}
