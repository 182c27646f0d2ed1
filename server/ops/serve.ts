/**
 * `serve` (the default command): the app on PORT (default 5000), and a graceful shutdown on
 * SIGINT/SIGTERM that stops accepting, drains in-flight requests (10 s at most), then stops the
 * engine workers, the WAL checkpointer (db/checkpointer.ts) and closes SQLite, or gives back the
 * instance's lease and closes PostgreSQL's pool (server/app-storage.ts).
 *
 * The port is bound before the app is built, answering as starting-listener.ts says until the app
 * takes over the same server; SIGTERM first keeps serving for SHUTDOWN_DELAY_SECONDS with readiness
 * 503 'draining', so a load balancer stops sending requests before the listener closes
 * (docs/decisions/063-liveness-readiness-and-drain.md).
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Checkpointer } from '../../db/checkpointer.ts';
import { describeServer, PostgresConnectionError } from '../../db/postgres/connect.ts';
import { acquireServerLock, ServerLockError } from '../../db/server-lock.ts';
import { createApp } from '../app.ts';
import type { Config } from '../config.ts';
import { createLogger } from '../logger.ts';
import { listenForScrapes } from '../observability/metrics-endpoint.ts';
import { Readiness } from '../observability/readiness.ts';
import { runtimeSupport } from '../runtime-support.ts';
import { assertDataDirSafe } from '../security/data-dir-safety.ts';
import { webRoutes } from '../web/static.ts';
import { OpsError } from './output.ts';
import { startingListener } from './starting-listener.ts';

const DRAIN_TIMEOUT_MS = 10_000;
const IDLE_SWEEP_MS = 100;

export async function serve(config: Config): Promise<void> {
  if (config.masterKey === undefined && existsSync(`${config.masterKeyFile}.new`)) {
    throw new OpsError(`${config.masterKeyFile}.new exists: a master-key rotation was interrupted. Run rotate-master-key to settle it, then start again.`);
  }
  assertDataDirSafe(config.dataDir, config.masterKeyFile);
  const logger = createLogger(config.logLevel);
  const runtime = runtimeSupport(process.version, new Date());
  if (!runtime.supported) logger.warn({ node: process.version }, `${runtime.reason} (README.md "Quick start")`);
  // One server per SQLite database, held until exit (db/server-lock.ts); PostgreSQL takes any number.
  let lock;
  try {
    lock = config.database.engine === 'postgres' || config.databaseFile === ':memory:' ? undefined : acquireServerLock(config.databaseFile);
  } catch (error) {
    if (error instanceof ServerLockError) throw new OpsError(error.message);
    throw error;
  }
  const readiness = new Readiness();
  const starting = startingListener(readiness);
  const server = createServer(starting);
  // Node's default of 5 s is shorter than any common proxy's idle pool time (docs/decisions/034).
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'cannot listen');
    process.exit(1);
  });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  // The local PayPal sandbox is this server: the app calls it over loopback (docs/api.md §14.4).
  const { port } = server.address() as AddressInfo;
  const loopback = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;

  const instance = await createApp({ config, logger, extraRoutes: webRoutes(), readiness }).catch((error: unknown) => {
    server.close();
    server.closeAllConnections();
    lock?.release();
    throw error instanceof PostgresConnectionError ? new OpsError(error.message) : error;
  });
  // SQLite's WAL checkpoints on a thread of their own; if it cannot start, SQLite checkpoints as it commits.
  const sqlite = instance.database;
  const checkpointer = sqlite
    ? await Checkpointer.start(config.databaseFile, sqlite.sqlite, (error) =>
        logger.error({ err: error }, 'the WAL checkpointer stopped: SQLite checkpoints on the server thread again'),
      ).catch((error: unknown) => {
        logger.warn({ err: error }, 'the WAL checkpointer did not start: SQLite checkpoints on the server thread');
        return undefined;
      })
    : undefined;
  const where = config.database.engine === 'postgres' ? describeServer(config.database.url) : config.databaseFile;
  // Prometheus' own listener (docs/decisions/062): it keeps answering through the drain, so pq_ready 0 is seen.
  const metricsServer = config.metrics?.port
    ? await listenForScrapes(instance.metrics, config.metrics.port, config.metrics.host, logger).catch((error: unknown) => {
        logger.fatal({ err: error }, 'cannot listen for metrics');
        process.exit(1);
      })
    : undefined;
  // The app takes over the server that has been answering 'starting': no second listen, no gap.
  server.removeListener('request', starting);
  server.on('request', instance.app);
  readiness.serving();
  instance.listening(`http://${loopback}:${port}`);
  logger.info({ port: config.port, host: config.host, database: where, engineWorkers: config.engineWorkers }, `listening on http://localhost:${config.port}`);

  let phase: 'serving' | 'delaying' | 'draining' = 'serving';
  let delay: NodeJS.Timeout | undefined;
  const drain = (signal: string) => {
    phase = 'draining';
    clearTimeout(delay);
    logger.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
    force.unref();
    // A keep-alive connection answering a call when the drain began turns idle after its answer:
    // close it then, not after KEEP_ALIVE_TIMEOUT_SECONDS or the drain's limit.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    server.close(() => {
      clearInterval(sweep);
      Promise.resolve(checkpointer?.stop())
        .then(
          () =>
            metricsServer &&
            new Promise((closed) => {
              metricsServer.close(closed);
              metricsServer.closeAllConnections();
            }),
        )
        .then(() => instance.close())
        .then(() => lock?.release())
        .then(
          () => {
            logger.info('stopped');
            process.exit(0);
          },
          (error: unknown) => {
            logger.error({ err: error }, 'error while closing');
            process.exit(1);
          },
        );
    });
    server.closeIdleConnections();
  };
  // SIGTERM (an orchestrator, systemd, docker stop) waits SHUTDOWN_DELAY_SECONDS answering as usual,
  // readiness aside; SIGINT (Ctrl-C), even during that wait, drains at once.
  const stop = (signal: 'SIGINT' | 'SIGTERM') => {
    if (phase === 'draining' || (phase === 'delaying' && signal === 'SIGTERM')) return;
    readiness.draining();
    if (signal === 'SIGINT' || config.shutdownDelayMs === 0) return drain(signal);
    phase = 'delaying';
    logger.info({ signal, delaySeconds: config.shutdownDelayMs / 1000 }, 'shutting down: readiness answers 503 draining; still serving until the delay ends');
    delay = setTimeout(() => drain(signal), config.shutdownDelayMs);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
