/**
 * What a start on the network should be told once (README "TLS and a reverse proxy"): a proxy hop
 * count believes whoever connects, so with the server open to the network a client can connect
 * directly and write its own X-Forwarded-For (any address, past every per-address limit); and a
 * production server on the network speaks plain HTTP, which needs a TLS proxy in front.
 */
import type { Config } from '../config.ts';
import { isLoopbackHost } from '../config.ts';

export function networkWarnings(config: Pick<Config, 'env' | 'host' | 'trustProxy'>): string[] {
  const onNetwork = !isLoopbackHost(config.host);
  const warnings: string[] = [];
  if (onNetwork && typeof config.trustProxy === 'number' && config.trustProxy > 0) {
    warnings.push(
      `TRUST_PROXY=${config.trustProxy} believes whoever connects, and HOST=${config.host} lets clients connect directly: one can forge X-Forwarded-For and pass every per-address limit. Set TRUST_PROXY to your proxy's addresses (loopback, 10.0.0.0/8, ...), or HOST=127.0.0.1 behind a proxy on this machine.`,
    );
  }
  if (onNetwork && config.env === 'production') {
    warnings.push(
      `Listening on ${config.host} over plain HTTP: passwords and session cookies cross the network unencrypted unless a TLS proxy (Caddy, nginx, a load balancer) stands in front and clients reach the server only through it.`,
    );
  }
  return warnings;
}
