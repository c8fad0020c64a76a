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
