import http from 'node:http';
import { CredentialRelay } from '../engine/proxies/relay';
import { startForwardingProxy, startSite } from '../tests/support/forwarding-proxy';
import type { BenchResult } from './types';

const REQUESTS = 400;
const CONCURRENCY = 8;

async function timeRequests(proxyPort: number, url: string, auth?: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: proxyPort, path: url, agent, headers: auth ? { 'proxy-authorization': auth } : {} }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
      });
      req.on('error', reject);
    });
  let next = 0;
  const worker = async () => {
    while (next++ < REQUESTS) await one();
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const ms = performance.now() - start;
  agent.destroy();
  return ms;
}

/** What the credential relay in front of an authenticated proxy costs, against the same proxy reached directly. */
export async function run(): Promise<BenchResult[]> {
  const credentials = { username: 'bench', password: 'bench-pass' };
  const site = await startSite('bench');
  const upstream = await startForwardingProxy({ credentials, hosts: { 'site.bench.test': `127.0.0.1:${site.port}` } });
  const relay = await CredentialRelay.start({ host: '127.0.0.1', port: upstream.port, protocol: 'http', ...credentials });
  const auth = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const url = 'http://site.bench.test/';
  try {
    await timeRequests(upstream.port, url, auth); // warm-up
    await timeRequests(relay.port, url);
    const direct = await timeRequests(upstream.port, url, auth);
    const relayed = await timeRequests(relay.port, url);
    return [
      {
        name: 'proxies: http requests through the credential relay',
        baseline: 'the same requests sent straight to the proxy with Proxy-Authorization',
        value: Math.round((REQUESTS / relayed) * 1000),
        unit: 'req/s',
        ratio: Number((direct / relayed).toFixed(3)),
        note: `${REQUESTS} requests, ${CONCURRENCY} in flight; ratio = relayed throughput / direct throughput`,
      },
    ];
  } finally {
    await relay.close();
    await upstream.close();
    await site.close();
  }
}
