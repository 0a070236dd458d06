import { DEMO_LOGINS } from '../seeding/demo-data/identity-demo-data';
import type { AppConfig } from './app-config';

/**
 * What `npm start` prints once the app listens: the address, and on a demo machine the demo logins with their
 * shared password. Never the password in production (it would sit in the operator's logs, and demo users
 * seeded there by mistake would be one glance from a takeover).
 */
export function startUpBanner(config: AppConfig, url: string): string {
  const lines = [`\nCANS platform is running at ${url}  (API docs: ${url}/api/docs${config.production ? ', after signing in' : ''})\n`];
  if (config.seedDemoData && !config.production) {
    lines.push('Demo logins (password for all: ' + DEMO_LOGINS[0]!.password + '):');
    for (const login of DEMO_LOGINS) lines.push(`  ${login.username.padEnd(18)} ${login.group}`);
    lines.push('The sign-in verification code is mailed; without SMTP it is printed here, in the outbox lines.\n');
  }
  return lines.join('\n');
}
