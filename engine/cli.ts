import { loadEngineConfig } from './config';
import { openContext, startEngine } from './server';

const USAGE = `usage:
  npm run engine                                start the engine (ENGINE_PORT, DATA_DIR, CHROME_PATH)
  npm run engine -- create-key --org NAME       print a new API key for organization NAME (created if new)`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'start') {
    const engine = await startEngine();
    console.log(`[engine] listening on ${engine.url} (data in ${engine.ctx.config.dataDir})`);
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`[engine] ${signal}: closing browsers and processes`);
      await engine.close();
      process.exit(0);
    };
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
    return;
  }
  if (command === 'create-key') {
    const i = rest.indexOf('--org');
    const org = i >= 0 ? rest[i + 1] : undefined;
    if (!org || !/^[A-Za-z0-9._-]{1,64}$/.test(org)) {
      console.error('create-key: --org NAME is required (1-64 letters, digits, ".", "_" or "-")');
      process.exit(2);
    }
    const ctx = openContext(loadEngineConfig());
    const { key } = ctx.orgs.createKey(org);
    ctx.db.close();
    console.log(`API key for organization "${org}":`);
    console.log(key);
    return;
  }
  if (command === '--help' || command === 'help') {
    console.log(USAGE);
    return;
  }
  console.error(`unknown command "${command}"\n${USAGE}`);
  process.exit(2);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`[engine] ${(err as Error).message}`);
  process.exit(1);
});
