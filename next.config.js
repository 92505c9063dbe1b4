// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  // The engine and the SDK run only on the server; keep them out of the client bundle and unbundled there.
  serverExternalPackages: ['better-sqlite3', 'playwright-core'],
  poweredByHeader: false,
  // SSE relays must not be gzip-buffered by the Node server.
  compress: false,
  experimental: {
    serverActions: { bodySizeLimit: '50mb' },
  },
};

export default nextConfig;
