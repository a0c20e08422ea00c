// Mints an application session token for local use: `npm run token -- <account> [--name "Display Name"] [--ttl 12h]`.
// Uses APP_JWT_SECRET, or the secret the server keeps in DATA_DIR when none is configured.
import { loadConfig } from '../src/config';
import { mintSessionToken } from '../src/domain/accounts/session-tokens';

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const subject = args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
  if (!subject) {
    process.stderr.write('Usage: npm run token -- <account> [--name "Display Name"] [--ttl 12h]\n');
    process.exit(2);
  }
  const name = option(args, '--name');
  const ttl = option(args, '--ttl');
  const token = await mintSessionToken(loadConfig().session, subject, {
    ...(name ? { name } : {}),
    ...(ttl ? { ttl } : {}),
  });
  process.stdout.write(token + '\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
