/** Validates the configuration when the server starts, so a bad variable fails fast with its name. */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { serverEnv } = await import('./lib/server/env');
    serverEnv();
  }
}
