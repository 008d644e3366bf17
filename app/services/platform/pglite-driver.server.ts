// The embedded database's Kysely driver (docs/decisions/0044). Kysely's own PGlite driver runs
// a query as six calls into PGlite (parse, describe the statement, bind, describe the portal,
// execute, sync), each crossing into WebAssembly and back, and Postgres parses and plans the
// text every time. This one prepares each statement once per text and runs it as one message
// (bind, describe, execute, sync): about a quarter of the work a query, and most pages' work on
// the embedded database is a handful of small queries. PGlite's own serializers and parsers
// write the values (chosen by the parameters' types, as PGlite's `query` does) and read the
// rows, so answers are the same as through `query`.
import { type PGlite, type Results, parse, protocol } from '@electric-sql/pglite';
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from 'kysely';

const { serialize } = protocol;
const { CommandCompleteMessage, DatabaseError } = protocol.messages;

/** At most this many statements stay prepared (Kysely's texts are a few hundred; raw ones may vary). */
const MAX_PREPARED = 1_000;

/** A prepared statement that no longer fits its table ('cached plan must not change result type'), or one deallocated. */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);

/** Statements that may change a table's shape: every prepared statement is dropped after one. */
const SCHEMA_CHANGES = /^(CREATE|ALTER|DROP|COMMENT|TRUNCATE)\b/;

/** A statement prepared on the connection: its name and its parameters' types (which choose how a value is written). */
type Prepared = { name: string; types: number[] };

function joined(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

class PipelinedConnection implements DatabaseConnection {
  readonly #prepared = new Map<string, Prepared>();
  #preparedCount = 0;
  #inTransaction = false;

  // Queries never overlap here, so a statement's preparing and its run are never split: callers
  // are queued (SerialDriver, db.server.ts) and Kysely runs a transaction's queries one at a time.
  constructor(private readonly pglite: PGlite) {}

  async #forgetPrepared(): Promise<void> {
    await this.#exchange([serialize.query('deallocate all')]);
    this.#prepared.clear();
  }

  /** One exchange with the database, alone on it: other users of the instance wait. */
  async #exchange(parts: Uint8Array[]) {
    const { messages } = await this.pglite.runExclusive(() => this.pglite.execProtocol(joined([...parts, serialize.sync()]), { throwOnError: false }));
    // The database's error, thrown as `query` throws it (its code, constraint and message).
    const failure = messages.find((message) => message instanceof DatabaseError);
    if (failure) throw failure;
    return messages;
  }

  /**
   * The statement prepared for `text` on this connection, prepared on first use: later runs
   * neither parse nor (once Postgres settles on a generic plan) plan it again. At most
   * MAX_PREPARED are kept; past that all are deallocated and prepared again as they come.
   */
  async #preparedFor(text: string): Promise<Prepared> {
    let prepared = this.#prepared.get(text);
    if (!prepared) {
      if (this.#prepared.size >= MAX_PREPARED) await this.#forgetPrepared();
      const name = `kysely_${++this.#preparedCount}`;
      const types = parse.parseDescribeStatementResults(await this.#exchange([serialize.parse({ name, text }), serialize.describe({ type: 'S', name })]));
      prepared = { name, types };
      this.#prepared.set(text, prepared);
    }
    return prepared;
  }

  async #run(prepared: Prepared, parameters: readonly unknown[]) {
    const values = parameters.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pglite.serializers[prepared.types[index]!];
      return serializer ? serializer(value) : String(value);
    });
    return this.#exchange([serialize.bind({ statement: prepared.name, values }), serialize.describe({ type: 'P' }), serialize.execute({})]);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    try {
      const messages = compiled.parameters.length === 0 ? await this.#runUnprepared(compiled.sql) : await this.#runPrepared(compiled.sql, compiled.parameters);
      const result = parse.parseResults(messages, this.pglite.parsers, { rowMode: 'object' })[0] as Results<R> | undefined;
      return { rows: result?.rows ?? [], numAffectedRows: result?.affectedRows != null ? BigInt(result.affectedRows) : undefined };
    } catch (error) {
      // Where the query was made from, as Kysely's own driver tells it.
      if (error instanceof Error) error.stack = `${error.stack}\n${new Error().stack?.split('\n').slice(1).join('\n')}`;
      throw error;
    }
  }

  /** Statements without parameters (DDL, LISTEN, transaction control, raw texts): one message, not kept. */
  async #runUnprepared(text: string) {
    const messages = await this.#exchange([serialize.parse({ text }), serialize.bind({}), serialize.describe({ type: 'P' }), serialize.execute({})]);
    // A table may have changed shape: a statement prepared on it could no longer run.
    const done = messages.find((message) => message instanceof CommandCompleteMessage);
    if (this.#prepared.size > 0 && done instanceof CommandCompleteMessage && SCHEMA_CHANGES.test(done.text)) await this.#forgetPrepared();
    return messages;
  }

  async #runPrepared(text: string, parameters: readonly unknown[]) {
    try {
      return await this.#run(await this.#preparedFor(text), parameters);
    } catch (error) {
      // The statement no longer fits its table or was deallocated by hand: it is prepared again
      // on its next run, this one included outside a transaction. Inside one the error has
      // aborted the transaction, and stands.
      if (!(error instanceof DatabaseError) || !STALE_STATEMENT_CODES.has(error.code ?? '')) throw error;
      this.#prepared.delete(text);
      if (this.#inTransaction) throw error;
      return this.#run(await this.#preparedFor(text), parameters);
    }
  }

  /** Ends the transaction; one an earlier statement aborted was rolled back instead, and says so. */
  async commit(): Promise<void> {
    this.#inTransaction = false;
    const messages = await this.#exchange([serialize.query('commit')]);
    const done = messages.find((message) => message instanceof CommandCompleteMessage);
    if (done instanceof CommandCompleteMessage && done.text === 'ROLLBACK') {
      throw Object.assign(new Error('The transaction was aborted by an earlier statement and has been rolled back.'), { code: '25P02' });
    }
  }

  async run(text: 'begin' | 'rollback'): Promise<void> {
    this.#inTransaction = text === 'begin';
    await this.#exchange([serialize.query(text)]);
  }

  streamQuery(): AsyncIterableIterator<never> {
    throw new Error('Streaming is not supported by PGlite.');
  }
}

/**
 * The one connection of a PGlite instance. Callers are queued by the driver wrapped around it
 * (db.server.ts), so a transaction is its caller's alone from begin to end.
 */
export class PipelinedPGliteDriver implements Driver {
  readonly #connection: PipelinedConnection;

  constructor(private readonly pglite: PGlite) {
    this.#connection = new PipelinedConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }
  async releaseConnection(): Promise<void> {}
  async beginTransaction(): Promise<void> {
    await this.#connection.run('begin');
  }
  async commitTransaction(): Promise<void> {
    await this.#connection.commit();
  }
  async rollbackTransaction(): Promise<void> {
    await this.#connection.run('rollback');
  }
  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}
