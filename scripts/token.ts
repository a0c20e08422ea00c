// Mints an application session token for local use: `npm run token -- <account> [--name "Display Name"] [--ttl 12h]`.
// Uses APP_JWT_SECRET, or the secret the server keeps in DATA_DIR when none is configured.
import { SignJWT } from 'jose';
import { ConfigError, loadConfig } from '../src/config';

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
  const config = loadConfig();
  if (!config.session.secret) {
    throw new ConfigError('APP_JWKS_URL', 'sessions are verified through a JWKS URL; mint tokens with that issuer instead');
  }
  let jwt = new SignJWT({ name: option(args, '--name') ?? subject })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime(option(args, '--ttl') ?? '12h');
  if (config.session.issuer) jwt = jwt.setIssuer(config.session.issuer);
  if (config.session.audience) jwt = jwt.setAudience(config.session.audience);
  process.stdout.write((await jwt.sign(config.session.secret)) + '\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
