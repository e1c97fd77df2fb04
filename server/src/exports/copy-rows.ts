import type { Duplex } from 'node:stream';
import pg from 'pg';

/**
 * A query's rows through `COPY (query) TO STDOUT`: PostgreSQL sends them without waiting for
 * the next FETCH, each row one tab-separated line that is decoded in one go (a cursor's rows
 * cost a string per field to decode: twice this process's time per row). Rows come in batches;
 * while a batch waits to be taken the connection stops reading, so at most about one batch
 * (and the socket's buffers) is held.
 */
export class CopyRows implements pg.Submittable {
  private lines: string[] = [];
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;
  private stream: Duplex | undefined;
  private paused = false;

  /** `query` has no parameters (COPY takes none): see `inlineParameters`. */
  constructor(private readonly query: string, private readonly batch: number) {}

  /** @internal pg: sends the query. */
  submit(connection: pg.Connection): void {
    this.stream = connection.stream;
    connection.query(`COPY (${this.query}) TO STDOUT`);
  }

  /** @internal pg: one row, ending in a line feed. */
  handleCopyData(msg: { chunk: Buffer }): void {
    const chunk = msg.chunk;
    this.lines.push(chunk.toString('utf8', 0, chunk.length - 1));
    if (this.lines.length >= this.batch) {
      if (!this.paused) {
        this.paused = true;
        this.stream?.pause();
      }
      this.notify();
    }
  }

  /** @internal pg: the last row was sent (after an error pg calls `handleError` instead). */
  handleReadyForQuery(): void {
    this.ended = true;
    this.notify();
  }

  /** @internal pg */
  handleError(err: Error): void {
    this.failure ??= err;
    this.ended = true;
    this.resume();
    this.notify();
  }

  /** @internal pg: messages COPY does not send, or that need nothing. */
  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(connection: pg.Connection & { sendCopyFail(msg: string): void }): void {
    connection.sendCopyFail('not a COPY FROM');
  }

  /** True once the database sent the last row or the query failed: the connection is no longer in the COPY. */
  get done(): boolean {
    return this.ended;
  }

  /**
   * The next batch of rows, each its fields' COPY text (read them with `copyField`); none after the
   * last. Rejects as soon as `signal` aborts, also while the database is still working on the first row.
   */
  async next(signal?: AbortSignal): Promise<string[][]> {
    for (;;) {
      signal?.throwIfAborted();
      if (this.failure) throw this.failure;
      if (this.lines.length >= this.batch || (this.ended && this.lines.length > 0)) {
        // At most a batch (the socket's last chunk may have brought more), so progress moves in steps.
        const lines = this.lines.length > this.batch ? this.lines.splice(0, this.batch) : this.lines;
        if (lines === this.lines) this.lines = [];
        // The database goes on sending while this batch is written.
        if (this.lines.length < this.batch) this.resume();
        return lines.map((line) => line.split('\t'));
      }
      if (this.ended) return [];
      await new Promise<void>((resolve) => {
        const onAbort = () => this.notify();
        this.wake = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    }
  }

  private resume(): void {
    if (this.paused) {
      this.paused = false;
      this.stream?.resume();
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** A field of COPY's text format as its value: `\N` is NULL, backslash sequences are decoded. */
export function copyField(text: string | undefined): string | null {
  if (text === undefined || text === '\\N') return null;
  if (!text.includes('\\')) return text;
  return text.replace(/\\(.)/gs, (_, c: string) => ESCAPES[c] ?? c);
}

const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils.prepareValue;

/**
 * `text` with its `$1`, `$2`... written in as literals of the values pg would have sent for them
 * (untyped text, so PostgreSQL reads each in its place as it would the parameter), for a
 * statement that takes no parameters. Quoted literals, quoted names and comments are left alone;
 * dollar quoting is refused.
 */
export function inlineParameters(text: string, params: readonly unknown[]): string {
  const literal = (n: number): string => {
    if (n < 1 || n > params.length) throw new Error(`inlineParameters: no value for $${n}`);
    const value = prepareValue(params[n - 1]);
    if (value === null) return 'NULL';
    if (typeof value !== 'string') throw new Error(`inlineParameters: $${n} is not text`);
    return pg.escapeLiteral(value);
  };
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    let end = i + 1;
    if (c === "'" || c === '"') {
      // An E'...' string takes backslash escapes; otherwise a doubled quote stays inside.
      const escapes = c === "'" && /[eE]/.test(text[i - 1] ?? '') && !/[\w$]/.test(text[i - 2] ?? '');
      for (;;) {
        if (end >= text.length) throw new Error('inlineParameters: unterminated quote');
        if (escapes && text[end] === '\\') end += 2;
        else if (text[end] === c && text[end + 1] === c) end += 2;
        else if (text[end] === c) break;
        else end += 1;
      }
      end += 1;
    } else if (c === '-' && text[i + 1] === '-') {
      end = text.indexOf('\n', i);
      if (end < 0) end = text.length;
    } else if (c === '/' && text[i + 1] === '*') {
      end = text.indexOf('*/', i + 2);
      if (end < 0) throw new Error('inlineParameters: unterminated comment');
      end += 2;
    } else if (c === '$' && !/[\w$]/.test(text[i - 1] ?? '')) {
      const m = /^\$(\d+)/.exec(text.slice(i, i + 12));
      if (!m) throw new Error('inlineParameters: dollar quoting is not supported');
      out += literal(Number(m[1]));
      i += m[0].length;
      continue;
    }
    out += text.slice(i, end);
    i = end;
  }
  return out;
}
