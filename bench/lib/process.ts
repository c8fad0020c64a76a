/** Small helpers the bench scripts share: a free port, a server's resident memory, a JSON API call. */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory (MB) of the server's node processes: the spawned one and its node descendants (not PostgreSQL's). */
export function serverRssMb(rootPid: number): number {
  let kb = 0;
  const visit = (pid: number) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const name = /^Name:\s+(\S+)/m.exec(status)?.[1] ?? '';
      if (!name.startsWith('postgres')) kb += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${pid}/task`)) {
        const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(/\s+/) : []) visit(Number(child));
      }
    } catch {
      /* the process ended */
    }
  };
  visit(rootPid);
  return kb / 1024;
}

export interface Api {
  url: string;
  token: string;
  campaignId: string;
}

/** A call of our JSON API as the signed-in user: its `data`, or an error with the code and message. */
export async function call<T>(api: Api, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; code?: string; message?: string };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.code} ${json.message}`);
  return json.data;
}

/**
 * CPU seconds (user + system) spent so far by the processes under `rootPid`, split into PostgreSQL
 * (the postmaster with its reaped backends, and the live backends) and the rest (the server's node
 * processes). A difference of two readings is the work done between them, whatever else the machine
 * runs (wall times on a shared machine are not).
 */
export function cpuSeconds(rootPid: number): { postgres: number; node: number } {
  const ticks = { postgres: 0, node: 0 };
  const visit = (pid: number, parentIsPostgres: boolean) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[11..14]: utime, stime, cutime, cstime (children reaped by this process)
      const own = Number(fields[11]) + Number(fields[12]);
      const reaped = Number(fields[13]) + Number(fields[14]);
      const isPostgres = name.startsWith('postgres');
      if (isPostgres) ticks.postgres += own + (parentIsPostgres ? 0 : reaped);
      else ticks.node += own;
      for (const task of readdirSync(`/proc/${pid}/task`)) {
        const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(/\s+/) : []) visit(Number(child), isPostgres);
      }
    } catch {
      /* the process ended */
    }
  };
  visit(rootPid, false);
  return { postgres: ticks.postgres / 100, node: ticks.node / 100 };
}
