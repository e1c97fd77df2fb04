import type pg from 'pg';
import { to as copyTo, type CopyToStreamQuery } from 'pg-copy-streams';
import { createQueryId, PostgresQueryCompiler, type Kysely, type RawBuilder } from 'kysely';

/**
 * A query's rows through `COPY (query) TO STDOUT` (pg-copy-streams): PostgreSQL sends them without
 * waiting for the next FETCH, each row one tab-separated line that is decoded in one go (a cursor's
 * rows cost a string per field to decode: twice this process's time per row). Rows come in batches;
 * what is not taken yet waits in the stream's buffer, and a full buffer stops the reading from the
 * connection, so at most about a batch and a buffer (and the socket's) is held.
 */
export class CopyRows {
  private readonly stream: CopyToStreamQuery;
  /** The start of a row whose end has not come yet. */
  private rest: Buffer | undefined;
  private lines: string[] = [];
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  /** Starts `COPY (select) TO STDOUT` on `client`; `select` takes no parameters (see `copyStatement`). */
  constructor(
    client: pg.ClientBase,
    select: string,
    private readonly batch: number,
  ) {
    this.stream = client.query(copyTo(`COPY (${select}) TO STDOUT`, { highWaterMark: 256 * 1024 }));
    this.stream.on('readable', () => this.notify());
    this.stream.on('end', () => {
      this.ended = true;
      this.notify();
    });
    // A failing query (or a lost connection): pg reads the rest of the answer, the connection stays usable.
    this.stream.on('error', (err: Error) => {
      this.failure ??= err;
      this.ended = true;
      this.notify();
    });
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
      while (this.lines.length < this.batch) {
        const chunk = this.stream.read() as Buffer | null;
        if (chunk === null) break;
        this.take(chunk);
      }
      if (this.lines.length >= this.batch || (this.ended && this.lines.length > 0)) {
        // At most a batch (a chunk may have brought more), so progress moves in steps.
        const lines = this.lines.length > this.batch ? this.lines.splice(0, this.batch) : this.lines;
        if (lines === this.lines) this.lines = [];
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

  /**
   * Splits a chunk into rows. Chunks end anywhere, also inside a character, but a line feed byte only
   * ends a row (UTF-8 never has it inside a character). Each row is decoded on its own: a row cut
   * from a decoded chunk would keep the whole chunk's text alive as long as any of its fields.
   */
  private take(chunk: Buffer): void {
    let start = 0;
    let end = chunk.indexOf(10);
    if (this.rest && end >= 0) {
      this.lines.push(Buffer.concat([this.rest, chunk.subarray(0, end)]).toString('utf8'));
      this.rest = undefined;
      start = end + 1;
      end = chunk.indexOf(10, start);
    }
    while (end >= 0) {
      this.lines.push(chunk.toString('utf8', start, end));
      start = end + 1;
      end = chunk.indexOf(10, start);
    }
    if (start < chunk.length) this.rest = this.rest ? Buffer.concat([this.rest, chunk]) : chunk.subarray(start);
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/**
 * A field of COPY's text format as its value: `\N` is NULL, backslash sequences are decoded (COPY TO
 * writes only these and `\\`, never octal or hex bytes).
 */
export function copyField(text: string | undefined): string | null {
  if (text === undefined || text === '\\N') return null;
  if (!text.includes('\\')) return text;
  return text.replace(/\\(.)/gs, (_, c: string) => ESCAPES[c] ?? c);
}

/** The setting that carries the query's `n`th value (the transaction's own, gone at its end). */
const setting = (n: number) => `timberlog.copy_value_${n}`;

/**
 * The statement's values become settings of the transaction, read where each value stood as
 * `CAST(current_setting('timberlog.copy_value_n') AS <type>)`: the type PostgreSQL gave the
 * parameter, so each means what it meant as a parameter. The values never enter the SQL text (they
 * are bound to `set_config`), and the compiler writes each reading in a value's place, so no SQL is
 * scanned for placeholders.
 */
class SettingsCompiler extends PostgresQueryCompiler {
  constructor(private readonly types: readonly string[]) {
    super();
  }

  protected override appendValue(value: unknown): void {
    this.addParameter(value);
    const n = this.numParameters;
    const type = this.types[n - 1];
    if (type === undefined) throw new Error(`copyStatement: no type for value ${n}`);
    this.append(value === null || value === undefined ? `CAST(NULL AS ${type})` : `CAST(current_setting('${setting(n)}') AS ${type})`);
  }
}

/**
 * `query` as a statement without parameters, for COPY (which takes none). Its values are bound as
 * settings of the current transaction (`set_config(name, $1, true)`), so it must run inside one, and
 * COPY must run in the same transaction. `current_setting` is stable, so the planner estimates with
 * the values, as it would with the parameters.
 */
export async function copyStatement<DB>(client: pg.ClientBase, db: Kysely<DB>, query: RawBuilder<unknown>): Promise<string> {
  const executor = db.getExecutor();
  const id = createQueryId();
  // Through the plugins (CamelCasePlugin), as `query.compile(db)` does.
  const node = executor.transformQuery(query.toOperationNode(), id);
  const compiled = executor.compileQuery(node, id);
  const values = compiled.parameters;
  if (values.length === 0) return compiled.sql;
  // The types PostgreSQL gives the parameters. One round trip: PREPARE is not undone by a rollback,
  // so nothing may fail between it and its DEALLOCATE.
  const name = 'timberlog_copy_types';
  const answers = (await client.query(
    `PREPARE ${name} AS ${compiled.sql};
     SELECT parameter_types::text[] AS types, transaction_timestamp() = statement_timestamp() AS alone
       FROM pg_prepared_statements WHERE name = '${name}';
     DEALLOCATE ${name}`,
  )) as unknown as pg.QueryResult<{ types: string[]; alone: boolean }>[];
  const { types, alone } = answers[1]!.rows[0]!;
  // Outside a transaction block the settings would be gone before the COPY, which would read empty values.
  if (alone) throw new Error('copyStatement: run it inside a transaction (the values are its settings)');
  const set: string[] = [];
  const bound: unknown[] = [];
  values.forEach((value, i) => {
    if (value === null || value === undefined) return;
    bound.push(value);
    set.push(`set_config('${setting(i + 1)}', $${bound.length}, true)`);
  });
  if (bound.length > 0) await client.query({ text: `SELECT ${set.join(', ')}`, values: bound });
  return new SettingsCompiler(types).compileQuery(node, id).sql;
}
