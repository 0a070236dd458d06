import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const SSHD = '/usr/sbin/sshd';

/** What the app needs to upload to the test server (the SFTP settings a super admin would save). */
export interface SftpTestConnection {
  host: string;
  port: number;
  userName: string;
  /** OpenSSH private key (PEM text) the server accepts for userName. */
  privateKey: string;
  /** Absolute folder on the server that uploads go to (created, empty). */
  remoteFolder: string;
}

/** The fingerprint of a public key file as `ssh-keygen -l -E sha256` prints it ("SHA256:…"). */
export function fingerprintOfKeyFile(publicKeyPath: string): string {
  const line = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', publicKeyPath]).toString();
  const match = /SHA256:[A-Za-z0-9+/]+/.exec(line);
  if (!match) throw new Error(`ssh-keygen printed no SHA256 fingerprint: ${line}`);
  return match[0];
}

/**
 * A real OpenSSH server (Debian openssh-server) on 127.0.0.1 and a free port, serving internal-sftp to the user
 * running the tests with a key made for it. Its config, host key and authorized keys live in a temp folder; the
 * uploads land in `remoteFolder`, read back with `files()` / `read()`.
 */
export interface SftpTestServer {
  connection: SftpTestConnection;
  /** File names now in the remote folder (sorted). */
  files(): string[];
  read(fileName: string): string;
  /** The permission bits of an uploaded file (e.g. 0o600). */
  mode(fileName: string): number;
  /** The fingerprint of the host key sshd shows now, as an administrator would read it on the server. */
  hostKeyFingerprint(): string;
  /** Gives sshd a new host key and restarts it (a replaced server, or someone in the middle). */
  replaceHostKey(): Promise<void>;
  /** Stops sshd (a run then fails to connect) or starts it again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export const sshdAvailable = (): boolean => existsSync(SSHD);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => (socket.destroy(), resolve(false)));
    socket.connect(port, '127.0.0.1');
  });
}

export async function startSftpTestServer(): Promise<SftpTestServer> {
  if (!sshdAvailable()) throw new Error(`${SSHD} is missing: apt-get install -y openssh-server`);
  const dir = mkdtempSync(join(tmpdir(), 'cans-sftp-'));
  chmodSync(dir, 0o700);
  const keygen = (file: string) => execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, file)]);
  keygen('host_key');
  keygen('client_key');
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'client_key.pub')), { mode: 0o600 });
  const remoteFolder = join(dir, 'inbox');
  mkdirSync(remoteFolder, { mode: 0o700 });
  const port = await freePort();
  const user = userInfo().username;
  writeFileSync(
    join(dir, 'sshd_config'),
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(dir, 'host_key')}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      // The tests run as root in CI; this server only listens on loopback with a throwaway key.
      'PermitRootLogin yes',
      'StrictModes no',
      'UsePAM no',
      `AllowUsers ${user}`,
      'Subsystem sftp internal-sftp',
      'LogLevel ERROR',
    ].join('\n') + '\n',
  );
  let sshd: ChildProcess | null = null;
  let stderr = '';

  const start = async () => {
    // sshd refuses to start without its privilege-separation folder (absent on a machine that never ran it).
    if (!existsSync('/run/sshd')) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
    const child = spawn(SSHD, ['-D', '-e', '-f', join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    sshd = child;
    for (let waited = 0; waited < 10_000; waited += 50) {
      if (child.exitCode !== null) throw new Error(`sshd exited (${child.exitCode}): ${stderr}`);
      if (await accepting(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`sshd did not listen on ${port} within 10 s: ${stderr}`);
  };
  const stop = async () => {
    const child = sshd;
    sshd = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  };
  await start();
  return {
    connection: { host: '127.0.0.1', port, userName: user, privateKey: readFileSync(join(dir, 'client_key'), 'utf8'), remoteFolder },
    files: () => readdirSync(remoteFolder).sort(),
    read: (fileName) => readFileSync(join(remoteFolder, fileName), 'utf8'),
    mode: (fileName) => statSync(join(remoteFolder, fileName)).mode & 0o777,
    hostKeyFingerprint: () => fingerprintOfKeyFile(join(dir, 'host_key.pub')),
    async replaceHostKey() {
      await stop();
      rmSync(join(dir, 'host_key'), { force: true });
      rmSync(join(dir, 'host_key.pub'), { force: true });
      keygen('host_key');
      await start();
    },
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `xmllint --noout --schema <xsd>` on a file; the validation errors (empty when it validates). */
export function xmlSchemaErrors(xsdPath: string, xmlPath: string): string {
  try {
    execFileSync('xmllint', ['--noout', '--schema', xsdPath, xmlPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    return '';
  } catch (error) {
    const failed = error as { stderr?: Buffer; message: string };
    return failed.stderr?.toString() || failed.message;
  }
}
