// A one-node Slurm of the test's own, for running deploy/slurm/ as a cluster runs it: Debian's
// slurm-wlm and munge (.ci/run installs them), as root. Everything lives in one temporary folder:
// its own munge key and munged socket, a slurm.conf named by SLURM_CONF, free ports, state,
// spool and logs; nothing in /etc is read or written, so a machine's own Slurm is left alone.
// The daemons run in the foreground as children of the test, so their pids are known and
// stop() ends exactly them. Not a test file itself (vitest only runs *.test.ts).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  chownSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/** Seconds a job credential lives, and so how long a requeued job is held before it runs again. */
export const CRED_EXPIRE_S = 15;

/** The programs the tests run: the daemons and the commands a user types. */
const PROGRAMS = ['munged', 'slurmctld', 'slurmd', 'sbatch', 'squeue', 'sinfo', 'scontrol', 'scancel'] as const;

/** Where a program is: PATH, then the sbin folders a non-login root shell may lack. */
function which(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin', '/usr/bin'];
  for (const d of dirs.filter(Boolean)) {
    try {
      accessSync(join(d, name), constants.X_OK);
      return join(d, name);
    } catch {}
  }
  return null;
}

/** The last `n` lines of a file, or a note that it is missing. */
function tail(file: string, n = 30): string {
  if (!existsSync(file)) return `(no ${file})`;
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-n).join('\n');
}

async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  await Promise.all(servers.map((s) => new Promise<void>((done) => s.listen(0, '127.0.0.1', done))));
  const ports = servers.map((s) => (s.address() as AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  return ports;
}

export interface Slurm {
  /** The environment for the Slurm commands and the jobs they submit (SLURM_CONF set, this node on PATH). */
  env: NodeJS.ProcessEnv;
  /** Runs a Slurm command (in `cwd`, with `env` added); throws, with its stderr and the daemons' logs, unless it exits 0. */
  run(program: string, args: string[], options?: { cwd?: string; env?: NodeJS.ProcessEnv }): string;
  /** Polls `check` every quarter second; throws, naming `what` and with the logs, after `seconds`. */
  until(what: string, seconds: number, check: () => boolean): Promise<void>;
  /** The ends of the daemons' logs and of `extra` files, for a failure's message. */
  logs(...extra: string[]): string;
  /** Cancels every job, waits for them to go, and ends the daemons. */
  stop(): Promise<void>;
}

/**
 * Starts munged, slurmctld and slurmd in a temporary folder of their own (removed by stop()) and
 * waits for the node to be idle. The node has 2 CPUs and 8000 MB, whatever the machine has.
 */
export async function startSlurm(): Promise<Slurm> {
  const missing = PROGRAMS.filter((p) => which(p) === null);
  if (missing.length) throw new Error(`no ${missing.join(', ')}: apt-get install -y slurm-wlm munge (.ci/run does)`);
  if (process.getuid?.() !== 0) throw new Error('a test Slurm needs root (munged runs as the munge user, slurmd as root)');
  const id = (flag: string): number => Number(spawnSync('id', [flag, 'munge'], { encoding: 'utf8' }).stdout.trim());
  const [uid, gid] = [id('-u'), id('-g')];
  if (!(uid > 0 && gid > 0)) throw new Error('no munge user: apt-get install -y munge');

  // munged refuses a key or a socket others could reach: its folder is the munge user's, the
  // key readable by it alone, and every folder above it open to all for the socket.
  const dir = mkdtempSync(join(tmpdir(), 'patience-slurmd-'));
  chmodSync(dir, 0o755);
  const munge = join(dir, 'munge');
  mkdirSync(munge, { mode: 0o755 });
  chownSync(munge, uid, gid);
  const key = join(munge, 'munge.key');
  writeFileSync(key, randomBytes(1024), { mode: 0o400 });
  chownSync(key, uid, gid);
  const socket = join(munge, 'munge.socket');
  for (const d of ['state', 'spool', 'log']) mkdirSync(join(dir, d));

  const node = hostname().split('.')[0]!;
  const [ctldPort, slurmdPort] = (await freePorts(2)) as [number, number];
  const conf = join(dir, 'slurm.conf');
  writeFileSync(
    conf,
    [
      'ClusterName=patience-test',
      // 127.0.0.1: the machine's name need not resolve.
      `SlurmctldHost=${node}(127.0.0.1)`,
      `SlurmctldPort=${ctldPort}`,
      `SlurmdPort=${slurmdPort}`,
      'SlurmUser=root',
      'AuthType=auth/munge',
      'CredType=cred/munge',
      // A requeued job waits out its credential's life before it starts again (and may not start
      // sooner: the node still refuses the revoked credential); 120 s by default.
      `AuthInfo=socket=${socket},cred_expire=${CRED_EXPIRE_S}`,
      'MpiDefault=none',
      'ProctrackType=proctrack/linuxproc',
      'TaskPlugin=task/none',
      'SelectType=select/cons_tres',
      'SelectTypeParameters=CR_Core_Memory',
      'JobAcctGatherType=jobacct_gather/none',
      'ReturnToService=2',
      `StateSaveLocation=${join(dir, 'state')}`,
      `SlurmdSpoolDir=${join(dir, 'spool')}`,
      `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
      `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
      `SlurmctldLogFile=${join(dir, 'log', 'slurmctld.log')}`,
      `SlurmdLogFile=${join(dir, 'log', 'slurmd.log')}`,
      `NodeName=${node} NodeAddr=127.0.0.1 CPUs=2 RealMemory=8000 State=UNKNOWN`,
      `PartitionName=test Nodes=${node} Default=YES MaxTime=INFINITE State=UP`,
      '',
    ].join('\n'),
  );

  // A Slurm job around the test (SLURM_JOB_ID and the like) must not leak into this cluster's jobs.
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SLURM_')));
  env.SLURM_CONF = conf;
  // The jobs run `node`: the one running the tests.
  env.PATH = [dirname(process.execPath), env.PATH ?? ''].join(delimiter);

  const children: { name: string; child: ChildProcess; exited: string | null }[] = [];
  const daemon = (name: string, args: string[], as?: { uid: number; gid: number }): void => {
    const out = openSync(join(dir, 'log', `${name}.out`), 'a');
    const child = spawn(which(name)!, args, { stdio: ['ignore', out, out], env, ...as });
    closeSync(out);
    const entry = { name, child, exited: null as string | null };
    child.on('exit', (code, signal) => (entry.exited = `${name} exited (${signal ?? code})`));
    child.on('error', (e) => (entry.exited = `${name} did not start: ${e.message}`));
    children.push(entry);
  };
  // Should the test's process end without its afterAll, the daemons end with it.
  const killAll = (): void => {
    for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);

  const logs = (...extra: string[]): string =>
    [
      ...children.filter((c) => c.exited).map((c) => c.exited!),
      ...['munged.out', 'slurmctld.log', 'slurmd.log', 'slurmctld.out', 'slurmd.out'].map((f) => `--- ${f}\n${tail(join(dir, 'log', f))}`),
      ...extra.map((f) => `--- ${f}\n${tail(f)}`),
    ].join('\n');
  const run = (program: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string => {
    const r = spawnSync(which(program)!, args, {
      cwd: options.cwd ?? dir,
      env: { ...env, ...options.env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    if (r.status !== 0) throw new Error(`${program} ${args.join(' ')}: ${r.error?.message ?? r.stderr}\n${logs()}`);
    return r.stdout;
  };
  const until = async (what: string, seconds: number, check: () => boolean): Promise<void> => {
    const end = Date.now() + seconds * 1000;
    while (!check()) {
      const gone = children.find((c) => c.exited);
      if (gone) throw new Error(`${what}: ${gone.exited}\n${logs()}`);
      if (Date.now() > end) throw new Error(`${what}: not within ${seconds} s\n${logs()}`);
      await sleep(250);
    }
  };
  const stop = async (): Promise<void> => {
    const alive = (name: string): boolean => children.some((c) => c.name === name && !c.exited);
    try {
      const jobs = alive('slurmctld')
        ? (spawnSync(which('squeue')!, ['-h', '-o', '%F'], { env, encoding: 'utf8', timeout: 30_000 }).stdout ?? '')
        : '';
      const ids = [...new Set(jobs.split('\n').filter(Boolean))];
      if (ids.length) {
        spawnSync(which('scancel')!, ids, { env, timeout: 30_000 });
        await until('the jobs gone after scancel', 60, () => spawnSync(which('squeue')!, ['-h'], { env, encoding: 'utf8' }).stdout === '');
      }
    } finally {
      for (const { child } of [...children].reverse()) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const end = Date.now() + 15_000;
      while (children.some((c) => c.child.exitCode === null && c.child.signalCode === null) && Date.now() < end) await sleep(100);
      killAll();
      process.off('exit', killAll);
      rmSync(dir, { recursive: true, force: true });
    }
  };

  try {
    daemon(
      'munged',
      [
        '--foreground',
        `--key-file=${key}`,
        `--socket=${socket}`,
        `--pid-file=${join(munge, 'munged.pid')}`,
        `--seed-file=${join(munge, 'munged.seed')}`,
      ],
      { uid, gid },
    );
    await until('munged listening', 20, () => existsSync(socket));
    daemon('slurmctld', ['-D', '-f', conf]);
    daemon('slurmd', ['-D', '-f', conf]);
    await until(`node ${node} idle in sinfo`, 60, () => {
      const r = spawnSync(which('sinfo')!, ['-h', '-n', node, '-o', '%t'], { env, encoding: 'utf8', timeout: 10_000 });
      return r.status === 0 && r.stdout.trim() === 'idle';
    });
  } catch (e) {
    await stop();
    throw e;
  }
  return { env, run, until, logs, stop };
}
